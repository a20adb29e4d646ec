import { expect, openAppAs, test } from './helpers';

// Finishes the registration of Noah Fields' organisation (northfield.example) on the real
// server, on this file's own copy of the demo data.

test('a refused scan is explained, and the admin can still finish the registration', async ({
  page,
}) => {
  await openAppAs(page, 'Noah Fields');
  await expect(page).toHaveURL(/\/registration\/scan$/);

  // The demo domain is not on the internet: the server refuses to scan it.
  const refusal = page.getByRole('alert').filter({ hasText: 'We could not analyse' });
  await expect(refusal).toContainText('northfield.example');
  await expect(refusal).toContainText('Names under .example are not public and cannot be scanned.');
  await expect(refusal).toContainText('You can go on with the next step');

  const buttons = page.locator('[data-slot="step-buttons"]');
  await buttons.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Connect your tools' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the integrations' })).toBeVisible();
  await buttons.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Install the agent' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the agent' })).toBeVisible();

  const completed = page.waitForResponse('**/api/registration/complete');
  await buttons.getByRole('button', { name: 'Finish' }).click();
  expect((await completed).status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  const user = await (await page.request.get('/api/auth/user-data')).json();
  expect(user.organizationStatus).toBe('REGISTERED');
  // No longer sent back to the registration.
  await page.goto('/tasks');
  await expect(page).toHaveURL(/\/tasks$/);
});
