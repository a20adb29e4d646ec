import { expect, json, test, testLoginLink } from './helpers';

test('the start page says what Castellan does and offers to sign in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Castellan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Security that a small team can actually keep up with',
  );
  await expect(page.getByText(/cyber score/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await testLoginLink(page).click();
  await expect(page).toHaveURL(/\/test-login$/);
});

test('the domain box opens the public risk analysis of the host name', async ({ page }) => {
  await page.route('**/api/risk-analysis/public**', (route) =>
    json(route, 400, { error: 'Not scanned in this test.' }),
  );
  await page.goto('/');
  await page.getByLabel('Free risk analysis of any domain').fill('https://www.Example.com/x');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page).toHaveURL(/\/risk-analysis\/public\/www\.example\.com$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Risk analysis of www.example.com' }),
  ).toBeVisible();
});

test('the domain box submits with Enter', async ({ page }) => {
  await page.goto('/');
  const box = page.getByLabel('Free risk analysis of any domain');
  await box.fill('  someone@Brightwave.example ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/risk-analysis\/public\/brightwave\.example$/);
});

test('an invalid domain shows an error and stays on the page', async ({ page }) => {
  await page.goto('/');
  const box = page.getByLabel('Free risk analysis of any domain');
  await box.fill('not a domain');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription(/"not a domain" is not a domain name/);
  await expect(page).toHaveURL(/\/$/);

  // Typing again clears the error; an empty box has its own message.
  await box.fill('');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(page.getByText('Enter a domain, for example example.com.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('with login=true it asks the visitor to log in', async ({ page }) => {
  await page.goto('/?login=true');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please login to continue.');
  await expect(testLoginLink(page)).toBeVisible();
});
