import { expect, holdRequests, mainMenu, test } from './helpers';

test('the title is Loading while a page loads, then the page name', async ({ page }) => {
  // Before the app has checked the session the document keeps its default title.
  const firstCheck = await holdRequests(page, '**/api/auth/user-data');
  await page.goto('/test-login', { waitUntil: 'commit' });
  await expect(page).toHaveTitle('Loading | Castellan');
  await expect.poll(() => firstCheck.held()).toBe(1);
  await firstCheck.release();
  await expect(page).toHaveTitle('Test login | Castellan');
  await page.unrouteAll();

  await page.getByRole('button', { name: 'Sign in as Alice Morgan' }).click();
  await expect(page).toHaveTitle('Overview | Castellan');

  const check = await holdRequests(page, '**/api/auth/user-data');
  await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
  await expect(page).toHaveTitle('Loading | Castellan');
  await check.release();
  await expect(page).toHaveTitle('Tasks | Castellan');
});
