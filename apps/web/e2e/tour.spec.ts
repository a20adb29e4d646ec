import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accountMenu, chooseFromAccountMenu, expect, openAppAs, test } from './helpers';

// The real tour: GET /api/tours answers from the server (see the `tour` option in helpers.ts).
test.use({ tour: 'real' });

/** A demo administrator of tidewater.example whose tour no other spec touches. */
const ADMIN = 'Olivia Parker';

const TITLES = [
  'Welcome to Castellan',
  'Your cyber score',
  'Your progress',
  'Team progress',
  'Your tasks',
  'Users',
  'Company status',
  'Risk analysis',
];

const tourStep = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const anyTourStep = (page: Page) => page.locator('.driver-popover');
const closeDialog = (page: Page) => page.getByRole('dialog', { name: 'Close Tour?' });

async function savedTour(page: Page) {
  const records = (await (await page.request.get('/api/tours')).json()) as {
    tourType: string;
    status: string;
    currentStepId: number | null;
  }[];
  return records.find((record) => record.tourType === 'main') ?? null;
}

/** Signs the administrator in with a tour that has not started yet, and opens `path`. */
async function withFreshTour(page: Page, path = '/dashboard') {
  await openAppAs(page, ADMIN, '/settings');
  const reset = await page.request.put('/api/tours/main', {
    data: { currentStepId: null, status: 'not_started' },
  });
  expect(reset.status()).toBe(200);
  await page.goto(path);
}

async function next(page: Page, from: string, to: string) {
  await tourStep(page, from).getByRole('button', { name: 'Next' }).click();
  await expect(tourStep(page, to)).toBeVisible();
}

/** Watches for any call to the tour API. */
function watchTourCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/tours')) calls.push(`${request.method()} ${request.url()}`);
  });
  return calls;
}

test('a new administrator is walked through all eight steps to completion', async ({ page }) => {
  await withFreshTour(page);
  await expect(tourStep(page, TITLES[0] ?? '')).toBeVisible();
  await expect(page.locator('#welcome')).toHaveClass(/driver-active-element/);
  await expect(
    tourStep(page, TITLES[0] ?? '').getByRole('button', { name: 'Previous' }),
  ).toBeDisabled();
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'started', currentStepId: 0 });

  await next(page, 'Welcome to Castellan', 'Your cyber score');
  await expect(page.locator('#cyberScore')).toHaveClass(/driver-active-element/);
  await next(page, 'Your cyber score', 'Your progress');
  await next(page, 'Your progress', 'Team progress');
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'started', currentStepId: 3 });

  // The next step is on another page: the tour goes there first.
  await next(page, 'Team progress', 'Your tasks');
  await expect(page).toHaveURL(/\/tasks$/);
  // Previous comes back to the overview, and Next returns.
  await tourStep(page, 'Your tasks').getByRole('button', { name: 'Previous' }).click();
  await expect(tourStep(page, 'Team progress')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await next(page, 'Team progress', 'Your tasks');

  await next(page, 'Your tasks', 'Users');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.locator('#usersPageHeader')).toHaveClass(/driver-active-element/);
  await next(page, 'Users', 'Company status');
  await expect(page).toHaveURL(/\/team-progress$/);
  await next(page, 'Company status', 'Risk analysis');
  await expect(page).toHaveURL(/\/risk-analysis\/?$/);
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'started', currentStepId: 7 });

  // The last step's button is Done: the tour is completed and the user is back on the overview.
  await tourStep(page, 'Risk analysis').getByRole('button', { name: 'Done' }).click();
  await expect(anyTourStep(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'completed', currentStepId: 7 });

  // A completed tour does not come back by itself.
  await page.reload();
  await expect(page.locator('#welcome')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(anyTourStep(page)).toHaveCount(0);
});

test('after a reload the tour resumes at the same step', async ({ page }) => {
  await withFreshTour(page);
  await next(page, 'Welcome to Castellan', 'Your cyber score');
  await next(page, 'Your cyber score', 'Your progress');
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'started', currentStepId: 2 });
  await page.reload();
  await expect(tourStep(page, 'Your progress')).toBeVisible();

  // On another page the step waits until the user is back on its page.
  await page.goto('/settings');
  await expect(accountMenu(page)).toBeVisible();
  await page.waitForTimeout(500);
  await expect(anyTourStep(page)).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(tourStep(page, 'Your progress')).toBeVisible();
});

test('closing asks first: Continue Tour resumes, End Tour dismisses; Restart Tour brings it back', async ({
  page,
}) => {
  await withFreshTour(page);
  await next(page, 'Welcome to Castellan', 'Your cyber score');

  await tourStep(page, 'Your cyber score').getByRole('button', { name: 'Close' }).click();
  await expect(closeDialog(page)).toContainText(
    'Do you want to end the tour or continue where you left off?',
  );
  await expect(anyTourStep(page)).toHaveCount(0);
  await closeDialog(page).getByRole('button', { name: 'Continue Tour' }).click();
  await expect(tourStep(page, 'Your cyber score')).toBeVisible();

  await tourStep(page, 'Your cyber score').getByRole('button', { name: 'Close' }).click();
  await closeDialog(page).getByRole('button', { name: 'End Tour' }).click();
  await expect(closeDialog(page)).toHaveCount(0);
  await expect(anyTourStep(page)).toHaveCount(0);
  await expect
    .poll(() => savedTour(page))
    .toEqual({
      tourType: 'main',
      status: 'dismissed',
      currentStepId: 1,
    });
  await page.reload();
  await expect(page.locator('#welcome')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(anyTourStep(page)).toHaveCount(0);

  // Restart Tour, from another page, resumes it at its step on that step's page.
  await page.goto('/tasks');
  await chooseFromAccountMenu(page, 'Restart Tour');
  await expect(tourStep(page, 'Your cyber score')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'started', currentStepId: 1 });
});

test('the keyboard moves through the tour, and Escape closes it through the question', async ({
  page,
}) => {
  await withFreshTour(page);
  await expect(tourStep(page, 'Welcome to Castellan')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tourStep(page, 'Your cyber score')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tourStep(page, 'Welcome to Castellan')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(closeDialog(page)).toBeVisible();
  // Escape in the question carries on with the tour; it does not ask again.
  await page.keyboard.press('Escape');
  await expect(closeDialog(page)).toHaveCount(0);
  await expect(tourStep(page, 'Welcome to Castellan')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(closeDialog(page)).toHaveCount(0);

  await page.keyboard.press('Escape');
  await closeDialog(page).getByRole('button', { name: 'End Tour' }).click();
  await expect.poll(() => savedTour(page)).toMatchObject({ status: 'dismissed', currentStepId: 0 });
});

test('a step has no serious or critical WCAG problem', async ({ page }) => {
  await withFreshTour(page);
  await expect(tourStep(page, 'Welcome to Castellan')).toBeVisible();
  await expect(tourStep(page, 'Welcome to Castellan')).toHaveCSS('opacity', '1');
  const results = await new AxeBuilder({ page })
    .include('.driver-popover')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await tourStep(page, 'Welcome to Castellan').getByRole('button', { name: 'Close' }).click();
  await closeDialog(page).getByRole('button', { name: 'End Tour' }).click();
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the steps fit the screen', async ({ page }) => {
    await withFreshTour(page);
    for (const [from, to] of [
      ['Welcome to Castellan', 'Your cyber score'],
      ['Your cyber score', 'Your progress'],
    ] as const) {
      const box = await tourStep(page, from).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      await next(page, from, to);
    }
    await tourStep(page, 'Your progress').getByRole('button', { name: 'Close' }).click();
    await closeDialog(page).getByRole('button', { name: 'End Tour' }).click();
  });
});

test.describe('never shown', () => {
  for (const member of ['Liam Brooks', 'Ben Carter']) {
    test(`to a member (${member})`, async ({ page }) => {
      const calls = watchTourCalls(page);
      await openAppAs(page, member, '/dashboard');
      await expect(page.locator('#welcome')).toBeVisible();
      await page.waitForTimeout(500);
      await expect(anyTourStep(page)).toHaveCount(0);
      expect(calls).toEqual([]);
    });
  }

  test('to a signed-out visitor', async ({ page }) => {
    const calls = watchTourCalls(page);
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await expect(anyTourStep(page)).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('to the administrator of an organisation still registering', async ({ page }) => {
    const calls = watchTourCalls(page);
    // northfield.example is the only demo organisation still registering: the session says it
    // still is, whatever this file did before.
    await page.route('**/api/auth/user-data', async (route) => {
      const response = await route.fetch();
      const user = await response.json();
      await route.fulfill({ response, json: { ...user, organizationStatus: 'PENDING' } });
    });
    await openAppAs(page, 'Noah Fields', '/dashboard');
    await expect(page).toHaveURL(/\/registration\//);
    await page.waitForTimeout(500);
    await expect(anyTourStep(page)).toHaveCount(0);
    expect(calls).toEqual([]);
  });
});
