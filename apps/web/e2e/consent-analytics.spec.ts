import type { Page, Request } from '@playwright/test';
import { CONSENT_COOKIE, expect, mainMenu, signInAs, test, testLoginLink } from './helpers';

type SentEvent = { type: string; path: string; durationMs?: number };

/** Collects the analytics events the page posts to our API, and the status of each answer. */
function recordAnalytics(page: Page) {
  const events: SentEvent[] = [];
  const statuses: number[] = [];
  const isAnalytics = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/events';
  page.on('request', (request) => {
    if (isAnalytics(request))
      events.push(...(request.postDataJSON() as { events: SentEvent[] }).events);
  });
  page.on('response', (response) => {
    if (isAnalytics(response.request())) statuses.push(response.status());
  });
  return { events, statuses };
}

async function consentCategories(page: Page): Promise<string[]> {
  const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
  expect(cookie, 'the consent cookie').toBeDefined();
  return JSON.parse(decodeURIComponent(cookie?.value ?? '')).categories;
}

test.describe('the cookie-consent dialog', () => {
  test.use({ consent: 'none' });

  test('appears on a first visit and "Necessary only" stores just that', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Cookies on Castellan' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Necessary only' }).click();
    await expect(dialog).toBeHidden();
    expect(await consentCategories(page)).toEqual(['necessary']);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Cookies on Castellan' })).toBeHidden();
  });

  test('"Accept all" allows analytics', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Cookies on Castellan' });
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await expect(dialog).toBeHidden();
    expect(await consentCategories(page)).toEqual(['necessary', 'analytics']);
  });

  test('"Choose" opens the preferences, where analytics can be switched on', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('dialog', { name: 'Cookies on Castellan' })
      .getByRole('button', { name: 'Choose' })
      .click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(preferences).toBeVisible();
    await expect(preferences.getByRole('checkbox', { name: 'Necessary' })).toBeDisabled();
    await expect(preferences.getByRole('checkbox', { name: 'Necessary' })).toBeChecked();
    await preferences.getByRole('checkbox', { name: 'Analytics' }).check();
    await preferences.getByRole('button', { name: 'Save my choice' }).click();
    await expect(preferences).toBeHidden();
    expect(await consentCategories(page)).toEqual(['necessary', 'analytics']);
  });
});

test.describe('with a choice stored', () => {
  test.use({ consent: 'necessary' });

  test('pages load no consent dialog code, and the help page still opens the preferences', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const sent = recordAnalytics(page);
    await signInAs(page, 'Alice Morgan');
    await page.goto('/help?article=privacy-and-data');
    const open = page.getByRole('button', { name: 'Cookie preferences' });
    await expect(open).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => path.includes('cookie-consent-dialog'))).toEqual([]);
    await expect(page.getByRole('dialog', { name: 'Cookies on Castellan' })).toHaveCount(0);

    await open.click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(preferences).toBeVisible();
    expect(scripts.filter((path) => path.includes('cookie-consent-dialog'))).toHaveLength(1);
    await expect(preferences.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    await preferences.getByRole('checkbox', { name: 'Analytics' }).check();
    await preferences.getByRole('button', { name: 'Save my choice' }).click();
    await expect(preferences).toBeHidden();
    expect(await consentCategories(page)).toEqual(['necessary', 'analytics']);

    // The change reaches the app at once: the next page view is counted.
    expect(sent.events).toEqual([]);
    await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
    await expect
      .poll(() => sent.events.map((e) => `${e.type} ${e.path}`))
      .toContain('page_view /tasks');
  });
});

test.describe("when the preferences' code cannot be loaded", () => {
  test.use({ consent: 'necessary' });

  test('the help page says so, and a later click opens them', async ({ page }) => {
    await signInAs(page, 'Alice Morgan');
    const dialogCode = '**/assets/cookie-consent-dialog-*.js';
    await page.route(dialogCode, (route) => route.abort('internetdisconnected'));
    await page.goto('/help?article=privacy-and-data');
    const open = page.getByRole('button', { name: 'Cookie preferences' });
    await open.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The cookie preferences could not be opened' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toHaveCount(0);

    await page.unroute(dialogCode);
    await open.click();
    await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
  });
});

test.describe('analytics', () => {
  test.describe('without consent', () => {
    test.use({ consent: 'none' });

    test('sends nothing, before or after "Necessary only"', async ({ page }) => {
      const sent = recordAnalytics(page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Necessary only' }).click();
      await signInAs(page, 'Alice Morgan');
      await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
      await expect(page).toHaveURL(/\/tasks$/);
      await page.waitForLoadState('networkidle');
      expect(sent.events).toEqual([]);
    });
  });

  test.describe('after "Accept all"', () => {
    test.use({ consent: 'none' });

    test('sends page views and page leaves, which the server accepts', async ({ page }) => {
      const sent = recordAnalytics(page);
      await page.goto('/');
      // The app has shown the start page (and counted its view, unsent) before the choice.
      await expect(testLoginLink(page)).toBeVisible();
      await page.getByRole('button', { name: 'Accept all' }).click();

      await testLoginLink(page).click();
      await expect(page).toHaveURL(/\/test-login$/);
      await expect
        .poll(() => sent.events.map((e) => `${e.type} ${e.path}`))
        .toEqual(['page_leave /', 'page_view /test-login']);

      await page.getByRole('button', { name: 'Sign in as Alice Morgan' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect
        .poll(() => sent.events.map((e) => `${e.type} ${e.path}`).slice(2))
        .toEqual(['page_leave /test-login', 'page_view /dashboard']);
      const leave = sent.events.find((e) => e.type === 'page_leave');
      expect(leave?.durationMs).toEqual(expect.any(Number));
      await expect.poll(() => sent.statuses).toEqual([200, 200, 200, 200]);
    });
  });

  test.describe('with analytics allowed earlier', () => {
    test.use({ consent: 'all' });

    test('the first page view of a visit is sent too', async ({ page }) => {
      const sent = recordAnalytics(page);
      await page.goto('/test-login');
      await expect
        .poll(() => sent.events.map((e) => `${e.type} ${e.path}`))
        .toContain('page_view /test-login');
      await expect.poll(() => sent.statuses[0]).toBe(200);
    });
  });
});

test('an uncaught error in the page is reported to the server', async ({ page }) => {
  await page.goto('/test-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Test login' })).toBeVisible();
  const reported = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/client-errors'),
  );
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/client-errors'));
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('e2e boom');
    }),
  );
  const report = (await reported).postDataJSON();
  expect(report).toMatchObject({
    message: 'e2e boom',
    url: expect.stringContaining('/test-login'),
  });
  expect(report.stack).toContain('e2e boom');
  expect((await answered).status()).toBe(200);
});

test('an unhandled promise rejection is reported too', async ({ page }) => {
  await page.goto('/test-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Test login' })).toBeVisible();
  const reported = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/client-errors'),
  );
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e rejected'));
  });
  expect((await reported).postDataJSON()).toMatchObject({ message: 'e2e rejected' });
});
