import type { Locator, Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

/**
 * The plan on /tasks: "This week" first, each task with its time, the rest by category behind
 * closed disclosures, an administrator's organisation tasks apart; every task at its own address,
 * and its view keeping "Mark as complete" and its close button in sight.
 */

const thisWeek = (page: Page) => page.getByRole('list', { name: 'This week' });
const taskView = (page: Page) => page.getByRole('dialog');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

test('Ben’s plan: three to five tasks this week with their time, the rest grouped and closed', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/tasks');
  const week = thisWeek(page).getByRole('listitem');
  await expect(week.first()).toBeVisible();
  const count = await week.count();
  expect(count).toBeGreaterThanOrEqual(3);
  expect(count).toBeLessThanOrEqual(5);
  for (const item of await week.all()) await expect(item).toContainText(/about \d+ (min|h)/);

  const rest = page.getByRole('region', { name: 'Your other tasks' });
  const groups = rest.getByRole('button', { name: / open of \d+$/ });
  expect(await groups.count()).toBeGreaterThanOrEqual(2);
  for (const group of await groups.all())
    await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(rest.getByRole('listitem')).toHaveCount(0);

  // A disclosure opens from the keyboard.
  const first = groups.first();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(rest.getByRole('listitem').first()).toBeVisible();
});

test('Alice sees her own tasks apart from the organisation’s', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/tasks');
  await expect(thisWeek(page).getByRole('listitem').first()).toBeVisible();
  const own = page.getByRole('region', { name: 'Your own tasks' });
  const organisation = page.getByRole('region', { name: 'Your organisation’s tasks (admin)' });
  await expect(own).toBeVisible();
  await expect(organisation).toBeVisible();

  await organisation.getByRole('button', { name: /^First things first/ }).click();
  const orgTask = organisation.getByRole('listitem').first();
  await orgTask.getByRole('button').click();
  await expect(taskView(page)).toContainText(
    'An administrator does this once for the whole organisation.',
  );
});

test('every task has its own address, which opens its view directly and after a reload', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/tasks');
  const first = thisWeek(page).getByRole('listitem').first();
  const title = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('button').click();
  await expect(taskView(page)).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\/[a-z0-9-]+(:|%3A)[0-9a-f-]{36}$/);
  const address = page.url();

  await page.reload();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Close task details' }).click();
  await expect(page).toHaveURL(/\/tasks$/);

  await page.goto(address);
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();

  await page.goto('/tasks/enable-mfa:00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('No such task')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('Mark as complete is in view without scrolling, and the toast leaves the close button free', async ({
    page,
  }) => {
    await openAppAs(page, 'Chloe Davies', '/tasks');
    // Its why and its steps run well past the bottom of the screen.
    await thisWeek(page).getByRole('listitem').first().getByRole('button').click();
    const view = taskView(page);
    const complete = view.getByRole('button', { name: 'Mark as complete' });
    const close = view.getByRole('button', { name: 'Close task details' });
    await expect(complete).toBeInViewport({ ratio: 1 });
    await expect(close).toBeInViewport({ ratio: 1 });

    await complete.click();
    const toast = page.getByRole('status').filter({ hasText: 'Task completed' });
    await expect(toast).toBeVisible();
    const [a, b] = [await boxOf(toast), await boxOf(close)];
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, JSON.stringify({ toast: a, close: b })).toBe(false);
    await expect(close).toBeInViewport({ ratio: 1 });
  });
});
