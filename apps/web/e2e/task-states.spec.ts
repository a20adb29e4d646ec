import type { Page } from '@playwright/test';
import { expect, openAppAs, openTaskCategories, taskPlan, test } from './helpers';

/**
 * Not applicable and snoozed tasks (/tasks). Alice Morgan marks an organisation task not
 * applicable and back, then snoozes one of hers and brings it back; every change is undone, and
 * the tasks are chosen from what the API answers rather than written down.
 */

type Task = {
  id: string;
  catalogueId: string;
  title: string;
  scope: 'Admin' | 'Individual';
  state: string;
  frameworks: { 'cis-ig1': string[] };
};
type Safeguard = {
  id: string;
  title: string;
  met: boolean;
  tasks: { catalogueId: string; done: number; total: number }[];
};

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const taskItems = (page: Page) => taskPlan(page).getByRole('listitem');

/** How many times the list shows the task, every category opened (the list has loaded). */
async function listed(page: Page, title: string) {
  const closed = taskPlan(page).locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return taskItems(page).filter({ hasText: title });
}
const statusChoice = (page: Page, status: 'Open' | 'Snoozed' | 'Done') =>
  page.getByRole('radiogroup', { name: 'Status' }).getByText(status, { exact: true });

async function openTask(page: Page, title: string) {
  await (await listed(page, title)).first().getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Alice marks an organisation task not applicable with a reason, and applicable again', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  await openTaskCategories(page);
  const { tasks } = await apiGet<{ tasks: Task[] }>(page, '/api/actions');
  const { frameworks } = await apiGet<{ frameworks: { id: string; safeguards: Safeguard[] }[] }>(
    page,
    '/api/frameworks',
  );
  const cis = frameworks.find((f) => f.id === 'cis-ig1')?.safeguards ?? [];
  // An open Admin task citing a safeguard that stays unmet without it (another task is not done).
  const pick = tasks
    .filter((t) => t.scope === 'Admin' && t.state === 'open')
    .flatMap((t) =>
      cis
        .filter(
          (s) =>
            !s.met &&
            s.tasks.some((o) => o.catalogueId === t.catalogueId) &&
            s.tasks.some((o) => o.catalogueId !== t.catalogueId && o.done < o.total),
        )
        .map((s) => ({ task: t, safeguard: s })),
    )[0];
  if (!pick) throw new Error('no open Admin task on an unmet safeguard');
  const { task, safeguard } = pick;
  const reason = 'Our laptops never leave the office';

  let dialog = await openTask(page, task.title);
  await dialog.getByRole('button', { name: 'Not applicable…' }).click();
  const ask = page.getByRole('dialog', { name: 'Mark as not applicable' });
  await ask.getByRole('button', { name: 'Mark not applicable' }).click();
  await expect(ask.getByText('Give a reason of at least 3 characters.')).toBeVisible();
  await ask.getByRole('textbox', { name: /Why does it not apply/ }).fill(reason);
  await ask.getByRole('button', { name: 'Mark not applicable' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByText(`Not applicable: ${reason}`)).toBeVisible();
  await expect(page.getByText('Marked not applicable')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close task details' }).click();
  await expect(await listed(page, task.title)).toHaveCount(0);

  // The framework view says why the task does not count.
  const cisCard = page.getByRole('region', { name: 'CIS Controls v8 IG1', exact: true });
  await cisCard.getByRole('button', { name: 'Show the safeguards of CIS Controls v8 IG1' }).click();
  await cisCard
    .getByRole('button', { name: new RegExp(`^${safeguard.id.replace('.', '\\.')} `) })
    .click();
  await expect(cisCard.getByText(`not applicable: ${reason}`)).toBeVisible();

  await statusChoice(page, 'Done').click();
  dialog = await openTask(page, task.title);
  await dialog.getByRole('button', { name: 'Make applicable again' }).click();
  await expect(page.getByText('Applicable again')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mark as complete' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close task details' }).click();
  await statusChoice(page, 'Open').click();
  await expect(await listed(page, task.title)).not.toHaveCount(0);
});

test('Alice snoozes a task for 7 days and brings it back', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  await openTaskCategories(page);
  const { tasks } = await apiGet<{ tasks: Task[] }>(page, '/api/actions');
  const task = tasks.find((t) => t.scope === 'Individual' && t.state === 'open');
  if (!task) throw new Error('Alice has no open task of her own');
  const now = new Date();
  const until = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 7 * 86_400_000,
  );
  const date = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(until);

  let dialog = await openTask(page, task.title);
  await dialog.getByRole('button', { name: 'Snooze 7 days' }).click();
  await expect(dialog.getByText(`Snoozed until ${date}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close task details' }).click();
  await expect(await listed(page, task.title)).toHaveCount(0);

  await statusChoice(page, 'Snoozed').click();
  await expect(await listed(page, task.title)).not.toHaveCount(0);
  dialog = await openTask(page, task.title);
  await expect(dialog.getByText(`Snoozed until ${date}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Unsnooze' }).click();
  await expect(page.getByText('Back in the open tasks')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close task details' }).click();
  await expect(await listed(page, task.title)).toHaveCount(0);
  await statusChoice(page, 'Open').click();
  await expect(await listed(page, task.title)).not.toHaveCount(0);
});
