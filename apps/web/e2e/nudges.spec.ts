import type { Page } from '@playwright/test';
import { expect, flipSwitch, json, openAppAs, openTask, test } from './helpers';

/**
 * Nudges: the organisation's choice in Settings, a task's due date and its escalation switch, the
 * last nudge on Company status and the browser's time zone. The server's nudge run also runs once
 * as it starts, so open tasks have their due dates a few seconds after it answers. Every setting
 * changed is put back.
 */

type Task = {
  id: string;
  title: string;
  state: string;
  riskLevel: string;
  dueAt: string | null;
  escalate: boolean;
  scope: 'Admin' | 'Individual';
};

async function ownTasks(page: Page): Promise<Task[]> {
  const response = await page.request.get('/api/actions');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tasks: Task[] }).tasks;
}

/** One of the signed-in user's open tasks with a due date, once the nudge run has given it one. */
async function openTaskWithDueDate(page: Page, scope: Task['scope'] = 'Individual'): Promise<Task> {
  let found: Task | undefined;
  await expect
    .poll(
      async () => {
        found = (await ownTasks(page)).find(
          (t) => t.state === 'open' && t.scope === scope && t.dueAt !== null,
        );
        return found !== undefined;
      },
      { message: 'an open task gets its due date from the nudge run at start', timeout: 60_000 },
    )
    .toBe(true);
  if (!found) throw new Error('no open task with a due date');
  return found;
}

const nudgesSection = (page: Page) => page.getByRole('region', { name: 'Nudges' });

test('a task view says when the task is due and why then', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const task = await openTaskWithDueDate(page);
  const { dialog } = await openTask(page, task.title);
  await expect(dialog.locator('[data-due-date]')).toHaveText(/^Due [A-Z][a-z]+day/);
  await expect(dialog).toContainText(`A ${task.riskLevel.toLowerCase()}-risk task is due`);
});

test('an administrator switches escalation off, and it stays off after a reload', async ({
  page,
  baseURL,
}) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const task = await openTaskWithDueDate(page);
  const restore = () =>
    page.request.put('/api/tasks/escalation', {
      data: { taskId: task.id, escalate: true },
      headers: { origin: baseURL ?? '' },
    });
  try {
    const { dialog } = await openTask(page, task.title);
    const escalation = dialog.getByRole('switch', { name: 'Tell administrators when overdue' });
    await expect(escalation).toBeChecked();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/tasks/escalation') && r.request().method() === 'PUT',
    );
    await flipSwitch(escalation);
    expect((await saved).status()).toBe(200);
    await expect(escalation).not.toBeChecked();
    // The task's own address opens it again after the reload.
    await page.reload();
    await expect(
      page
        .getByRole('dialog', { name: task.title })
        .getByRole('switch', { name: 'Tell administrators when overdue' }),
    ).not.toBeChecked();
    expect((await ownTasks(page)).find((t) => t.id === task.id)?.escalate).toBe(false);
  } finally {
    expect((await restore()).status()).toBe(200);
  }
});

test('a member sees the due date of their task but no escalation switch', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/tasks');
  const task = await openTaskWithDueDate(page);
  const { dialog } = await openTask(page, task.title);
  await expect(dialog.locator('[data-due-date]')).toHaveText(/^Due /);
  await expect(dialog.getByRole('switch')).toHaveCount(0);
});

test('an administrator turns nudges off and on and chooses e-mail; a member reads the choice', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  await openAppAs(page, 'Alice Morgan', '/settings#notifications');
  try {
    const section = nudgesSection(page);
    await expect(section).toContainText('between 9:00 and 17:00 your time, at most once a day');
    const nudging = section.getByRole('switch', { name: 'Nudge people about due tasks' });
    await expect(nudging).toBeChecked();
    await flipSwitch(nudging);
    await expect(nudging).not.toBeChecked();
    await expect(section).toContainText('Your organisation does not nudge people at the moment.');
    await page.reload();
    await expect(
      nudgesSection(page).getByRole('switch', { name: 'Nudge people about due tasks' }),
    ).not.toBeChecked();
    await flipSwitch(
      nudgesSection(page).getByRole('switch', { name: 'Nudge people about due tasks' }),
    );
    await expect(
      nudgesSection(page).getByRole('switch', { name: 'Nudge people about due tasks' }),
    ).toBeChecked();

    // Slack is not connected: it cannot be chosen, and the way to connect it is given.
    const channels = nudgesSection(page).getByRole('radiogroup', { name: 'Channel' });
    await expect(channels.getByRole('radio', { name: 'Slack' })).toBeDisabled();
    await expect(
      channels.getByRole('link', { name: 'Connect it on the Integrations page' }).first(),
    ).toHaveAttribute('href', '/integrations');
    const email = channels.getByRole('radio', { name: 'E-mail' });
    await expect(email).toBeEnabled();
    await email.check({ force: true });
    await expect(email).toBeChecked();
    await expect(nudgesSection(page)).toContainText('Your organisation nudges people by e-mail.');

    // The server refuses a provider that is not connected, and the page shows its words.
    const refused = await page.request.put('/api/nudges/settings', {
      data: { enabled: true, channel: 'slack' },
      headers: { origin },
    });
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: string };
    await page.route('**/api/nudges/settings', (route) =>
      route.request().method() === 'PUT' ? json(route, 400, { error }) : route.fallback(),
    );
    await flipSwitch(
      nudgesSection(page).getByRole('switch', { name: 'Nudge people about due tasks' }),
    );
    await expect(nudgesSection(page).getByRole('alert')).toContainText(error);
    await page.unroute('**/api/nudges/settings');

    const member = await browser.newContext({ baseURL });
    try {
      const ben = await member.newPage();
      await openAppAs(ben, 'Ben Carter', '/settings#notifications');
      await expect(nudgesSection(ben)).toContainText('Your organisation nudges people by e-mail.');
      await expect(nudgesSection(ben)).toContainText('Only administrators can change this.');
      await expect(nudgesSection(ben).getByRole('switch')).toHaveCount(0);
      await expect(nudgesSection(ben).getByRole('radio')).toHaveCount(0);
    } finally {
      await member.close();
    }
  } finally {
    const back = await page.request.put('/api/nudges/settings', {
      data: { enabled: true, channel: 'email' },
      headers: { origin },
    });
    expect(back.status()).toBe(200);
  }
});

test('Company status shows when each person was last nudged, on a laptop and on a phone', async ({
  page,
}) => {
  const lastNudged = /^(Never|.+, (E-mail|Slack|Microsoft Teams))$/;
  await openAppAs(page, 'Alice Morgan', '/team-progress');
  const table = page.getByRole('table', { name: 'Employees' });
  await expect(table.getByRole('columnheader', { name: 'Last nudged' })).toBeVisible();
  const column = await table
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.findIndex((h) => h.textContent?.trim() === 'Last nudged'));
  const cells = table.locator(`tbody tr td:nth-child(${column + 1})`);
  await expect(cells.first()).toBeVisible();
  for (const text of await cells.allTextContents()) expect(text.trim()).toMatch(lastNudged);

  await page.setViewportSize({ width: 375, height: 812 });
  const cards = page.getByRole('list', { name: 'Employees' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Last nudged');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the app tells the server the browser’s time zone once per session', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/settings/time-zone')) sent += 1;
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/settings/time-zone'));
    await openAppAs(page, 'Ben Carter', '/tasks');
    const answer = await answered;
    expect(answer.request().method()).toBe('PUT');
    expect(answer.status()).toBe(200);
    // The server answers with the zone it saved (ky's request body is a stream Playwright cannot read).
    expect(await answer.json()).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(sent).toBe(1);
    // Another page and a reload keep the session: nothing more is sent.
    await page.goto('/settings');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    expect(sent).toBe(1);
  });
});
