import { ACCOUNT_MENU_NAME, expect, json, signInAs, test } from './helpers';

test('the test-login page lists the demo users by company', async ({ page }) => {
  await page.goto('/test-login');
  await expect(page).toHaveTitle('Test login | Castellan');
  const company = page.getByRole('region', { name: 'brightwave.example' });
  await expect(company.getByRole('button', { name: /^Sign in as / })).toHaveCount(10);
  await expect(page.getByRole('region', { name: 'northfield.example' })).toContainText(
    'Registering',
  );
});

test('signing in through /test-login opens the app as that user', async ({ page }) => {
  await signInAs(page, 'Alice Morgan');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'account menu for alice.morgan@brightwave.example' }),
  ).toContainText('AM');
  await expect(page).toHaveTitle('Overview | Castellan');
});

test('the session survives a reload and ends with logout', async ({ page }) => {
  await signInAs(page, 'Ben Carter');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.getByRole('button', { name: ACCOUNT_MENU_NAME }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/\?logout=true$/);
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/\?login=true$/);
  await expect(page.getByText('Please login to continue.')).toBeVisible();
});

test('deep links load the app from the server (history fallback)', async ({ page }) => {
  // The page would scan the domain; no need to reach the internet for this.
  await page.route('**/api/risk-analysis/public**', (route) =>
    json(route, 400, { error: 'Not scanned in this test.' }),
  );
  const response = await page.goto('/risk-analysis/public/example.com');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk analysis of example.com' }),
  ).toBeVisible();
});

test('the app runs under the Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
      violations.push(msg.text());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signInAs(page, 'Alice Morgan');
  expect(violations).toEqual([]);
});
