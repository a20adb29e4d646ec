import { expect, interLoaded, signInAs, test } from './helpers';

test('the Inter font is self-hosted and nothing is fetched from other hosts', async ({
  page,
  baseURL,
}) => {
  const origins = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().startsWith('data:')) origins.add(new URL(request.url()).origin);
  });
  const font = page.waitForResponse((r) => /\/inter-[^/]*\.woff2$/.test(r.url()));
  await page.goto('/');
  const response = await font;
  expect(response.status()).toBe(200);
  expect(new URL(response.url()).origin).toBe(new URL(baseURL ?? '').origin);
  // The page really uses it: an Inter face has loaded and the body asks for it first.
  await expect.poll(() => page.evaluate(interLoaded)).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
    /^["']?Inter Variable["']?,/,
  );

  await signInAs(page, 'Alice Morgan');
  await page.waitForLoadState('networkidle');
  expect([...origins]).toEqual([new URL(baseURL ?? '').origin]);
});
