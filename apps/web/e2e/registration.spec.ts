import type { Page } from '@playwright/test';
import { expect, json, openAppAs, test } from './helpers';
import { CHECKS_TOTAL, doneScan, organizationAnalysis, runningScan } from './scan-fixtures';

// Noah Fields administers northfield.example, which has not finished registering. These tests
// answer the scan calls themselves and do not finish the registration (registration-finish.spec.ts does).
const ORG = 'northfield.example';

async function fakeOrganizationScans(page: Page) {
  const state = { analysis: organizationAnalysis(ORG, null), posts: 0 };
  await page.route('**/api/risk-analysis', (route) => {
    if (route.request().method() !== 'POST') return json(route, 200, state.analysis);
    state.posts += 1;
    state.analysis.latest = runningScan(ORG);
    return json(route, 202, { scan: state.analysis.latest });
  });
  return state;
}

const stepButtons = (page: Page) => page.locator('[data-slot="step-buttons"]');

test('the first step scans the domain, shows its progress, then the result in brief', async ({
  page,
}) => {
  const scans = await fakeOrganizationScans(page);
  await openAppAs(page, 'Noah Fields');
  await expect(page).toHaveURL(/\/registration\/scan$/);
  await expect(page).toHaveTitle('Registration | Castellan');
  await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Step 1: Scan your domain, current step' }),
  ).toHaveAttribute('aria-current', 'step');

  const bar = page.getByRole('progressbar', { name: `Analysis of ${ORG}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '14');
  await expect(page.getByRole('status').filter({ hasText: 'checks done' })).toHaveText(
    `3 of ${CHECKS_TOTAL} checks done`,
  );
  expect(scans.posts).toBe(1);

  scans.analysis.latest = doneScan(ORG);
  await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
  // The report's figure is the domain grade, a letter: never a second score out of 100.
  await expect(page.getByText('Domain grade D', { exact: true })).toBeVisible();
  await expect(page.getByText(/\/\s?100/)).toHaveCount(0);
  const top = page.getByRole('region', { name: 'The most important problems' });
  await expect(top.getByRole('listitem')).toHaveText([
    /Critical.*certificate has expired/,
    /High.*DMARC only monitors/,
    /High.*HSTS is not set/,
  ]);
  expect(scans.posts, 'started once').toBe(1);
  // No Back on the first step.
  await expect(stepButtons(page).getByRole('button')).toHaveText(['Next']);
});

test('the steps can be gone through with the keyboard, and focus follows', async ({ page }) => {
  const scans = await fakeOrganizationScans(page);
  scans.analysis.latest = doneScan(ORG);
  await openAppAs(page, 'Noah Fields');
  await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
  expect(scans.posts, 'a finished scan is not run again').toBe(0);

  await stepButtons(page).getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your tools' })).toBeFocused();
  await expect(
    page.getByRole('button', { name: 'Step 2: Connect your tools, current step' }),
  ).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('link', { name: 'Open the integrations' })).toHaveAttribute(
    'href',
    '/integrations',
  );
  await expect(stepButtons(page).getByRole('button')).toHaveText(['Back', 'Next']);

  // From the heading: the link, Back, then Next.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Open the integrations' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(stepButtons(page).getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Install the agent' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Download the agent' })).toHaveAttribute(
    'href',
    '/agent/download',
  );
  await expect(stepButtons(page).getByRole('button')).toHaveText(['Back', 'Finish']);

  await stepButtons(page).getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your tools' })).toBeFocused();
  // An earlier step can be chosen in the indicator.
  await page.getByRole('button', { name: 'Step 1: Scan your domain, done' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Scan your domain' })).toBeFocused();
});

test('a visit to the integrations comes back to the same step', async ({ page }) => {
  const scans = await fakeOrganizationScans(page);
  scans.analysis.latest = doneScan(ORG);
  await openAppAs(page, 'Noah Fields');
  await stepButtons(page).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: 'Open the integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/registration\/scan$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your tools' })).toBeVisible();
});

test('the registration fits a phone screen', async ({ page }) => {
  const scans = await fakeOrganizationScans(page);
  scans.analysis.latest = doneScan(ORG);
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, 'Noah Fields');
  await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
  await expect(stepButtons(page).getByRole('button', { name: 'Next' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('an administrator still registering can log out from the registration page', async ({
  page,
}) => {
  const scans = await fakeOrganizationScans(page);
  scans.analysis.latest = doneScan(ORG);
  await openAppAs(page, 'Noah Fields', '/registration/scan');
  await expect(page).toHaveURL(/\/registration\/scan$/);
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  await logout.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/\?logout=true$/);
  expect((await page.request.get('/api/auth/user-data')).status()).toBe(401);
  await page.goto('/registration/scan');
  await expect(page).toHaveURL(/\/\?login=true/);
});
