import type { Page } from '@playwright/test';
import { pdfText } from '../../server/test/pdf-text';
import { expect, openAppAs, seriousViolations, test } from './helpers';

/**
 * Proof for the board, the insurer and the auditor (issue 39): a member attests a task with a note
 * and a screenshot; an administrator reads the insurance readiness view, downloads the report as a
 * PDF, shares it through a link a signed-out visitor opens, revokes the link and sees it refused;
 * the board's page gives the three biggest open risks in money.
 */

type Task = {
  id: string;
  title: string;
  scope: 'Admin' | 'Individual';
  state: string;
  automation: string;
  evidence: unknown[];
};

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** A 1×1 PNG: a screenshot as far as the server can tell. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Words as the PDF's text has them: wrapped anywhere, so compared without their line breaks. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

test('Ben attests a task with a note and a screenshot, and sees it in the trail', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/tasks');
  const { tasks } = await apiGet<{ tasks: Task[] }>(page, '/api/actions');
  // One of his own that only a person can say is done.
  const task = tasks.find(
    (t) =>
      t.scope === 'Individual' &&
      t.state === 'open' &&
      t.automation === 'NotAutomatable' &&
      t.evidence.length === 0,
  );
  if (!task) throw new Error('Ben has no open task to mark by hand');

  await page.goto(`/tasks/${encodeURIComponent(task.id)}`);
  const dialog = page.getByRole('dialog', { name: task.title });
  await dialog.getByRole('button', { name: 'Add a note or file' }).click();
  await dialog
    .getByRole('textbox', { name: 'Note' })
    .fill('Done on my laptop; screenshot attached.');
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'settings.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(dialog.getByText('settings.png (', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Mark as complete' }).click();

  const trail = dialog.getByRole('list', { name: 'Attestation trail' });
  const entry = trail.getByRole('listitem').first();
  await expect(entry).toContainText('Ben Carter');
  await expect(entry).toContainText('Done on my laptop; screenshot attached.');
  const link = entry.getByRole('link', { name: /settings\.png/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/attachments\/[0-9a-f-]{36}$/);
  await expect(dialog.getByText(/^Completed/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The file is the one sent, to a member of the organisation, and never kept by a shared cache.
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  expect(file.headers()['cache-control']).toMatch(/private|no-store/);
  expect(Buffer.compare(await file.body(), PNG)).toBe(0);

  // Reopened, the task keeps its trail, shown when asked for.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: task.title });
  await reopened.getByRole('button', { name: 'Show attestations' }).click();
  await expect(
    reopened
      .getByRole('list', { name: 'Attestation trail' })
      .getByRole('link', { name: /settings\.png/ }),
  ).toBeVisible();
});

test('Alice asks for a task to be attested every 6 months, and attests it again', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const { tasks } = await apiGet<{ tasks: Task[] }>(page, '/api/actions');
  const task = tasks.find(
    (t) =>
      t.scope === 'Admin' &&
      t.state === 'open' &&
      t.automation === 'NotAutomatable' &&
      t.evidence.length === 0,
  );
  if (!task) throw new Error('Alice has no open Admin task to mark by hand');

  await page.goto(`/tasks/${encodeURIComponent(task.id)}`);
  const dialog = page.getByRole('dialog', { name: task.title });
  await dialog.getByRole('button', { name: 'Add a note or file' }).click();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Agreed at the team meeting.');
  await dialog.getByRole('button', { name: 'Mark as complete' }).click();
  const trail = dialog.getByRole('list', { name: 'Attestation trail' });
  await expect(trail.getByRole('listitem')).toHaveCount(1);

  const period = dialog.getByRole('combobox', { name: 'Ask to attest again' });
  await expect(period).toHaveValue('never');
  await period.selectOption({ label: 'Every 6 months' });
  await expect(dialog.getByTestId('reattestBy')).toHaveText(/^Attest again by /);
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Attest again' }).click();
  const again = dialog.getByRole('group', { name: 'Attest again' });
  await again.getByRole('textbox', { name: 'Note' }).fill('Reviewed; nothing changed.');
  await again.getByRole('button', { name: 'Attest', exact: true }).click();
  await expect(trail.getByRole('listitem')).toHaveCount(2);
  await expect(trail.getByRole('listitem').first()).toContainText('Reviewed; nothing changed.');

  // The period holds after a reload.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: task.title });
  await reopened.getByRole('button', { name: 'Show attestations' }).click();
  await expect(reopened.getByRole('combobox', { name: 'Ask to attest again' })).toHaveValue('6');
});

test('Alice reads the insurance answers, downloads the PDF, shares the report and revokes it', async ({
  page,
  browser,
}) => {
  // Two PDFs, a second browser and an accessibility scan: more than a minute on a busy machine.
  test.slow();
  await openAppAs(page, 'Alice Morgan', '/readiness');
  const questions = page.getByRole('list', { name: 'Questions: Cyber insurance application' });
  await expect(questions).toBeVisible();
  await expect(page.getByText(/^Question set \S+ · as of/)).toBeVisible();
  await expect(page.getByTestId('readinessCounts')).toHaveText(
    /^Yes \d+ · Partly \d+ · No \d+ · Unknown \d+$/,
  );
  const first = questions.getByRole('listitem').first();
  await expect(first).toContainText(/Answer: (Yes|Partly|No|Unknown)/);
  // Evidence in words: the task, who or what it covers, the source and when it was checked.
  await expect(
    questions
      .getByRole('list', { name: /^Evidence: / })
      .getByRole('listitem')
      .filter({
        hasText: /: (\d+ of \d+ (people|person)|done|not done), .+, (checked|not checked)/,
      })
      .first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A framework's view counts as many yes as its card counts safeguards met.
  const { frameworks } = await apiGet<{ frameworks: { id: string; met: number }[] }>(
    page,
    '/api/frameworks',
  );
  await page.getByRole('tab', { name: 'CIS Controls v8 IG1' }).click();
  await expect(page).toHaveURL(/[?&]set=cis-ig1/);
  await expect(page.getByRole('list', { name: 'Questions: CIS Controls v8 IG1' })).toBeVisible();
  const met = frameworks.find((f) => f.id === 'cis-ig1')?.met;
  await expect(page.getByTestId('readinessCounts')).toHaveText(new RegExp(`^Yes ${met} · `));
  await page.getByRole('tab', { name: 'Cyber insurance application' }).click();

  // The report as a PDF, its text read back.
  const report = await apiGet<{ organization: { name: string } }>(page, '/api/reports/assurance');
  const readiness = await apiGet<{ items: { text: string }[] }>(page, '/api/readiness/insurance');
  const question = readiness.items[0]?.text ?? '';
  const pdf = await page.request.get('/api/reports/assurance.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = words(await pdfText(await pdf.body()));
  expect(text).toContain(words(report.organization.name));
  expect(text).toContain(words(question));
  await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    '/api/reports/assurance.pdf',
  );

  // A link for a week, shown once.
  const days = page.getByRole('spinbutton', { name: 'Days until it expires' });
  await days.fill('7');
  await page.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('status').filter({ hasText: 'Link created' });
  await expect(created).toContainText('it will not be shown again');
  const url = await created.getByRole('textbox', { name: 'Read-only link' }).inputValue();
  expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);

  // Opened signed out, in a browser of its own.
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  await shared.goto(url);
  await expect(
    shared.getByRole('heading', {
      level: 1,
      name: `Security report — ${report.organization.name}`,
    }),
  ).toBeVisible();
  await expect(shared.getByRole('listitem', { name: question })).toBeVisible();
  await expect(shared.getByText(/shared read-only until/)).toBeVisible();
  const sharedPdf = await shared.request.get(
    (await shared.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) ?? '',
  );
  expect(sharedPdf.status()).toBe(200);
  expect(words(await pdfText(await sharedPdf.body()))).toContain(words(question));
  expect(await seriousViolations(shared)).toEqual([]);

  // The administrator sees it opened, and revokes it.
  await page.reload();
  const links = page.getByRole('list', { name: 'Share links' });
  const active = links.getByRole('listitem').filter({ hasText: 'Active' }).first();
  await expect(active).toContainText(/Opened \d+ times?/);
  await active.getByRole('button', { name: /^Revoke the link/ }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this link?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(links.getByRole('listitem').filter({ hasText: 'Revoked' })).toHaveCount(1);

  await shared.reload();
  await expect(shared.getByText('This share link was revoked.')).toBeVisible();
  await expect(shared.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
  const refused = await shared.request.get(url.replace('/shared/', '/api/shared-reports/'));
  expect(refused.status()).toBe(410);
  await visitor.close();
});

test('the board summary gives the three biggest open risks in money', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/board');
  await expect(page.getByRole('heading', { level: 1, name: 'Board summary' })).toBeVisible();
  await expect(page.getByTestId('boardScore')).toHaveText(/^\d+(\.\d)?\/100$/);
  const risks = page.getByRole('list', { name: 'Risks' });
  await expect(risks.locator('[data-risk]')).toHaveCount(3);
  // Whole dollars, as the browser's locale writes them.
  for (const amount of await risks.getByTestId('riskAmount').allTextContents()) {
    expect(amount).toMatch(/^\$\d{1,3}(,\d{3})*$/);
  }
  await expect(page.getByRole('region', { name: 'What changed this month' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Members are sent away from it.
  await openAppAs(page, 'Ben Carter', '/board');
  await expect(page).toHaveURL(/\/dashboard$/);
});
