import { ADMIN_MENU, expect, holdRequests, mainMenu, openAppAs, test } from './helpers';

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
  await expect(page).toHaveTitle('Your tasks | Castellan');
});

test('every page in the menu is titled with its menu label and the product name', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/settings');
  // Billing leaves the app for the payment provider: it has no page of its own.
  const labels = ADMIN_MENU.filter((label) => label !== 'Billing');
  await expect(mainMenu(page).getByRole('link')).toHaveText(ADMIN_MENU);
  for (const label of labels) {
    await mainMenu(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveTitle(`${label} | Castellan`);
  }
});

test('pages outside the menu keep their own titles', async ({ page }) => {
  await page.goto('/risk-analysis/public');
  await expect(page).toHaveTitle('Public risk analysis | Castellan');
  await page.goto('/trust-center');
  await expect(page).toHaveTitle('Trust center | Castellan');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found | Castellan');
});

test('the Meta sign-in window is titled with what its page says', async ({ page, context }) => {
  for (const outcome of ['refused', 'cancelled', 'failed']) {
    await page.goto(`/facebook-success?outcome=${outcome}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meta was not connected');
    await expect(page).toHaveTitle('Meta was not connected | Castellan');
  }
  // Opened on its own, it does not say how a sign-in went.
  await page.goto('/facebook-success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meta sign-in finished');
  await expect(page).toHaveTitle('Meta sign-in finished | Castellan');

  // As the popup of a sign-in that went through.
  const popupOpened = context.waitForEvent('page');
  await page.evaluate(() => window.open('/facebook-success', 'meta', 'width=600,height=700'));
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Meta connected');
  await expect(popup).toHaveTitle('Meta connected | Castellan');
});
