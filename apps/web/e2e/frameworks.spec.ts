import type { Locator, Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

/**
 * The framework view (administrators) on /tasks and the risk hub, and the task list's framework
 * filter. Every number is read from the API first, so the test holds whatever the catalogue
 * cites. It changes demo data: Alice completes one Admin task that nobody else needs, preferably
 * one no automatic check can judge (on this branch's catalogue "List your important systems",
 * which meets IG1 3.2). There is no way to undo a completion; no other
 * file sees it, as every spec file starts from its own copy of the demo data (stack.ts).
 */

type FrameworkTask = { catalogueId: string; title: string; done: number; total: number };
type Safeguard = { id: string; title: string; met: boolean; tasks: FrameworkTask[] };
type Framework = {
  id: 'cis-ig1' | 'cyber-essentials';
  name: string;
  met: number;
  total: number;
  safeguards: Safeguard[];
};
type Task = {
  id: string;
  catalogueId: string;
  user: string;
  title: string;
  isCompleted: boolean;
  scope: 'Individual' | 'Admin';
  automation: string;
  evidence: unknown[];
  frameworks: Record<Framework['id'], string[]>;
};

const ALICE = 'alice.morgan@brightwave.example';

const CE_TITLES: Record<string, string> = {
  firewalls: 'Firewalls',
  'secure-configuration': 'Secure configuration',
  'security-update-management': 'Security update management',
  'user-access-control': 'User access control',
  'malware-protection': 'Malware protection',
};

async function apiFrameworks(page: Page): Promise<Framework[]> {
  const response = await page.request.get('/api/frameworks');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { frameworks: Framework[] }).frameworks;
}

async function apiTasks(page: Page, scope: 'mine' | 'organization'): Promise<Task[]> {
  const response = await page.request.get(`/api/actions?scope=${scope}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tasks: Task[] }).tasks;
}

const frameworkOf = (frameworks: Framework[], id: Framework['id']) => {
  const found = frameworks.find((f) => f.id === id);
  if (!found) throw new Error(`no ${id} in GET /api/frameworks`);
  return found;
};

const unit = (f: Framework) => (f.id === 'cis-ig1' ? 'safeguards' : 'controls');
const summary = (f: Framework, met = f.met) => `${met} of ${f.total} ${unit(f)} met`;
const percent = (f: Framework, met = f.met) => `${Math.floor((met * 100) / f.total)}%`;
const safeguardName = (f: Framework, s: Safeguard) =>
  f.id === 'cis-ig1' ? `${s.id} ${s.title}` : s.title;
const people = (t: FrameworkTask) =>
  t.total === 0
    ? 'Applies to nobody yet'
    : `${t.done} of ${t.total} ${t.total === 1 ? 'person' : 'people'}`;

const startingWith = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A safeguard's expander in a framework's details. */
const safeguardButton = (where: Locator, f: Framework, s: Safeguard) =>
  where.getByRole('button', { name: startingWith(safeguardName(f, s)) });

const card = (page: Page, f: Framework) => page.getByRole('region', { name: f.name, exact: true });
// The plan's closed categories hold tasks too: counted, though out of sight until opened.
const taskItems = (page: Page) =>
  page
    .getByRole('region', { name: 'Tasks', exact: true })
    .getByRole('listitem', { includeHidden: true });

/** Shows the share on screen and to screen readers. */
async function expectShare(where: Locator, f: Framework, met = f.met) {
  await expect(where).toContainText(summary(f, met));
  await expect(where).toContainText(percent(f, met));
  await expect(where.getByRole('progressbar', { name: f.name })).toHaveAttribute(
    'aria-valuetext',
    `${summary(f, met)}, ${percent(f, met)}`,
  );
}

/** Opens a missing safeguard that has tasks and checks each task's link and done count. */
async function expectMissingSafeguardTasks(where: Locator, f: Framework) {
  const missing = f.safeguards.find((s) => !s.met && s.tasks.length > 0);
  if (!missing) throw new Error(`${f.name} has no missing safeguard with tasks`);
  await safeguardButton(where, f, missing).click();
  for (const task of missing.tasks) {
    const link = where.getByRole('link', { name: task.title, exact: true }).first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute(
      'href',
      `/tasks?framework=${f.id}&safeguard=${encodeURIComponent(missing.id)}&task=${task.catalogueId}`,
    );
    await expect(link.locator('xpath=..')).toContainText(people(task));
  }
  const uncovered = f.safeguards.find((s) => s.tasks.length === 0);
  if (uncovered) {
    await safeguardButton(where, f, uncovered).click();
    await expect(where.getByText('No task covers this yet.').first()).toBeVisible();
  }
}

test('Alice sees both frameworks on her tasks and on the risk hub, missing safeguards first', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const frameworks = await apiFrameworks(page);
  expect(frameworks.map((f) => f.name)).toEqual(['CIS Controls v8 IG1', 'Cyber Essentials']);
  expect(frameworks.map((f) => f.total)).toEqual([56, 5]);

  // /tasks: a compact card per framework, its safeguards behind a button.
  for (const f of frameworks) await expectShare(card(page, f), f);
  const cis = frameworkOf(frameworks, 'cis-ig1');
  const cisCard = card(page, cis);
  const show = cisCard.getByRole('button', { name: `Show the safeguards of ${cis.name}` });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(
    cisCard.getByRole('button', { name: `Hide the safeguards of ${cis.name}` }),
  ).toHaveAttribute('aria-expanded', 'true');
  const missing = cis.safeguards.filter((s) => !s.met);
  await expect(
    cisCard.getByRole('heading', { name: `Not met yet (${missing.length})` }),
  ).toBeVisible();
  // The missing ones come first, in the framework's order.
  const firstMissing = missing[0];
  if (firstMissing) {
    await expect(safeguardButton(cisCard, cis, firstMissing)).toBeVisible();
  }
  await expectMissingSafeguardTasks(cisCard, cis);
  // The met ones stay folded until asked for.
  const metToggle = cisCard.getByRole('button', { name: new RegExp(`^Show the ${cis.met} met`) });
  if (cis.met > 0) {
    await expect(metToggle).toHaveAttribute('aria-expanded', 'false');
  } else {
    await expect(metToggle).toHaveCount(0);
  }

  // The risk hub's frameworks tab: the same cards, their safeguards folded away at first.
  await page.goto('/risk-analysis?tab=frameworks');
  const section = page.getByRole('region', { name: 'Frameworks', exact: true });
  await expect(section).toBeVisible();
  for (const f of frameworks) {
    const part = section.getByRole('region', { name: f.name, exact: true });
    await expectShare(part, f);
    await part.getByRole('button', { name: `Show the safeguards of ${f.name}` }).click();
    await expectMissingSafeguardTasks(part, f);
  }
});

test('the framework filter narrows the task list, also from the address', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const all = await apiTasks(page, 'mine');
  const mine = all.filter((t) => !t.isCompleted);
  await expect(taskItems(page)).toHaveCount(mine.length);

  const framework = page.getByRole('combobox', { name: 'Framework' });
  const chosen = (select: Locator) => select.locator('option:checked');
  await expect(chosen(framework)).toHaveText('All tasks');
  await framework.selectOption({ label: 'Cyber Essentials' });
  await expect(page).toHaveURL(/\/tasks\?framework=cyber-essentials$/);
  const ce = mine.filter((t) => t.frameworks['cyber-essentials'].length > 0);
  await expect(taskItems(page)).toHaveCount(ce.length);

  // The other filters still apply on top of it.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('All', { exact: true }).click();
  await expect(taskItems(page)).toHaveCount(
    all.filter((t) => t.frameworks['cyber-essentials'].length > 0).length,
  );
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Open', { exact: true }).click();
  await expect(taskItems(page)).toHaveCount(ce.length);

  // One control of it narrows further, and the other filters stay as they were.
  const control = ce.flatMap((t) => t.frameworks['cyber-essentials'])[0];
  if (!control) throw new Error('Alice has no open task citing a Cyber Essentials control');
  await page
    .getByRole('combobox', { name: 'Safeguard' })
    .selectOption({ label: CE_TITLES[control] });
  await expect(page).toHaveURL(new RegExp(`safeguard=${control}$`));
  await expect(taskItems(page)).toHaveCount(
    mine.filter((t) => t.frameworks['cyber-essentials'].includes(control)).length,
  );
  await expect(chosen(framework)).toHaveText('Cyber Essentials');

  // Clear filters takes the framework off too.
  await page
    .getByRole('region', { name: 'Filters' })
    .getByRole('button', { name: 'Clear filters' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(chosen(framework)).toHaveText('All tasks');
  await expect(taskItems(page)).toHaveCount(mine.length);

  // An address names a safeguard of IG1: only the tasks citing it are listed.
  const safeguard = mine.flatMap((t) => t.frameworks['cis-ig1'])[0];
  if (!safeguard) throw new Error('Alice has no open task citing an IG1 safeguard');
  await page.goto(`/tasks?framework=cis-ig1&safeguard=${safeguard}`);
  await expect(chosen(framework)).toHaveText('CIS Controls v8 IG1');
  await expect(chosen(page.getByRole('combobox', { name: 'Safeguard' }))).toHaveText(
    startingWith(`${safeguard} `),
  );
  await expect(taskItems(page)).toHaveCount(
    mine.filter((t) => t.frameworks['cis-ig1'].includes(safeguard)).length,
  );
});

test('completing the last task of a safeguard raises the share of the framework', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const cis = frameworkOf(await apiFrameworks(page), 'cis-ig1');
  const everyone = await apiTasks(page, 'organization');
  const scopeOf = new Map(everyone.map((t) => [t.catalogueId, t]));
  const open = (t: FrameworkTask) => t.done < t.total;

  // A missing safeguard whose one open task is an Admin task Alice may mark by hand, and which
  // no Individual task cites: her click alone meets it. One no automatic check could ever judge
  // is preferred, so that the specs after this one find the integrations' tasks as they were.
  const candidates = cis.safeguards.filter((s) => {
    const waiting = s.tasks.filter(open);
    const [only] = waiting;
    const task = only && scopeOf.get(only.catalogueId);
    return (
      !s.met &&
      waiting.length === 1 &&
      s.tasks.every((t) => scopeOf.get(t.catalogueId)?.scope === 'Admin') &&
      task?.evidence.length === 0
    );
  });
  const manual = (s: Safeguard) =>
    s.tasks.filter(open).every((t) => scopeOf.get(t.catalogueId)?.automation === 'NotAutomatable');
  const safeguard = candidates.find(manual) ?? candidates[0];
  if (!safeguard) throw new Error('no IG1 safeguard that one Admin task of Alice’s would meet');
  const task = safeguard.tasks.find(open) as FrameworkTask;
  // Others may wait on that task alone too: they are met with it.
  const metWithIt = cis.safeguards.filter(
    (s) =>
      !s.met &&
      s.tasks.filter(open).every((t) => t.catalogueId === task.catalogueId) &&
      s.tasks.length > 0,
  ).length;

  const cisCard = card(page, cis);
  await expectShare(cisCard, cis);
  await cisCard.getByRole('button', { name: `Show the safeguards of ${cis.name}` }).click();
  await safeguardButton(cisCard, cis, safeguard).click();
  await cisCard.getByRole('link', { name: task.title, exact: true }).first().click();

  // The link narrows the list to the safeguard, for the whole organisation, and opens the task.
  await expect(page).toHaveURL(
    new RegExp(
      `/tasks/${task.catalogueId}(:|%3A)[0-9a-f-]{36}\\?framework=cis-ig1&safeguard=${encodeURIComponent(safeguard.id).replace('.', '\\.')}$`,
    ),
  );
  await expect(page.getByRole('switch', { name: 'Only mine' })).not.toBeChecked();
  const dialog = page.getByRole('dialog', { name: task.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(dialog.getByText('Completed')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expectShare(cisCard, cis, cis.met + metWithIt);
  expect(frameworkOf(await apiFrameworks(page), 'cis-ig1').met).toBe(cis.met + metWithIt);
  const after = (await apiTasks(page, 'mine')).find((t) => t.catalogueId === task.catalogueId);
  expect(after?.isCompleted).toBe(true);
  expect(after?.user).toBe(ALICE);
});

test('a member sees no framework view, and the app does not ask for one', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/frameworks') asked.push(request.url());
  });
  await openAppAs(page, 'Ben Carter', '/tasks?framework=cis-ig1&safeguard=6.3');
  await expect(taskItems(page).first()).toBeVisible();
  const open = (await apiTasks(page, 'mine')).filter((t) => !t.isCompleted);
  // The address's filter is an administrator's: Ben's list is whole.
  await expect(taskItems(page)).toHaveCount(open.length);
  await expect(page.getByRole('combobox', { name: 'Framework' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'CIS Controls v8 IG1' })).toHaveCount(0);
  await expect(page.getByText(/safeguards met/)).toHaveCount(0);

  // Asked for by address, the frameworks tab is not there for a member: the summary opens.
  await page.goto('/risk-analysis?tab=frameworks');
  await expect(page.getByRole('heading', { level: 1, name: 'Risk analysis' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Summary', /^Domain report/]);
  await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Frameworks' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('the framework cards fit a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const cis = frameworkOf(await apiFrameworks(page), 'cis-ig1');
  await card(page, cis)
    .getByRole('button', { name: `Show the safeguards of ${cis.name}` })
    .click();
  const missing = cis.safeguards.find((s) => !s.met && s.tasks.length > 0);
  if (missing) await safeguardButton(card(page, cis), cis, missing).click();
  await expect(card(page, cis).getByRole('link').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a framework view that could not load says so and loads on Try again', async ({ page }) => {
  let refuse = true;
  await page.route('**/api/frameworks', (route) =>
    refuse
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The frameworks are resting.' }),
        })
      : route.continue(),
  );
  await openAppAs(page, 'Alice Morgan', '/tasks');
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load the frameworks' });
  // The client retries a 500 twice before giving up: allow for the retries on a busy machine.
  await expect(failed).toContainText('The frameworks are resting.', { timeout: 15_000 });
  // The task list does not wait for the frameworks.
  await expect(taskItems(page).first()).toBeVisible();
  refuse = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('progressbar', { name: 'CIS Controls v8 IG1' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
