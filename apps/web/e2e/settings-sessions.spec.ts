import { expect, openAppAs, test } from './helpers';

// A browser only this test uses, so its session is easy to tell apart in the list.
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

test('ending another session from Settings signs that browser out', async ({
  page,
  browser,
  baseURL,
}) => {
  const elsewhere = await browser.newContext({ baseURL, userAgent: FIREFOX_ON_WINDOWS });
  try {
    const otherPage = await elsewhere.newPage();
    await openAppAs(otherPage, 'Grace Hughes');
    await openAppAs(page, 'Grace Hughes', '/settings#sign-in');

    const section = page.getByRole('region', { name: 'Your sessions' });
    const list = section.getByRole('list', { name: 'Sessions' });
    const current = list.getByRole('listitem').filter({ hasText: 'This browser' });
    await expect(current).toHaveCount(1);
    await expect(current.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);

    const other = list.getByRole('listitem').filter({ hasText: 'Firefox on Windows' });
    await expect(other).toHaveCount(1);
    await other.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out Firefox on Windows?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(dialog).toBeHidden();

    await expect(other).toHaveCount(0);
    await expect(current).toHaveCount(1);
    expect((await otherPage.request.get('/api/auth/user-data')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user-data')).status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
});
