import type { Page } from '@playwright/test';
import { expect, test } from './helpers';

// On PGlite, the database of `npm start`, also when the run's other specs use PostgreSQL.
test.use({ database: 'pglite' });

/** Signs in on the landing page through the local OpenID provider, as the given address. */
async function signInWith(page: Page, provider: 'Google' | 'Microsoft', email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: `Sign in with ${provider}` }).click();
  // The provider's own pages: its login form, then its consent screen.
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name=login]').fill(email);
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]').click();
}

const userData = (page: Page) =>
  page.evaluate(() => fetch('/api/auth/user-data').then((r) => r.json()));

test('the landing page offers the configured identity providers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
    'href',
    '/api/auth/google/login',
  );
  await expect(page.getByRole('link', { name: 'Sign in with Microsoft' })).toBeVisible();
});

test("a new company's first user becomes the admin of a registering organisation", async ({
  page,
}) => {
  await signInWith(page, 'Google', 'founder.one@acme-tools.test');
  await expect(page).toHaveURL(/\/registration\/scan$/);
  expect(await userData(page)).toMatchObject({
    email: 'founder.one@acme-tools.test',
    firstName: 'Founder',
    lastName: 'One',
    role: 'admin',
    organizationStatus: 'PENDING',
    companyDomain: 'acme-tools.test',
  });
});

test('a second user of the same domain joins as a regular member', async ({ page }) => {
  await signInWith(page, 'Google', 'second.person@acme-tools.test');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Open Castellan' })).toBeVisible();
  expect(await userData(page)).toMatchObject({
    role: 'user',
    companyDomain: 'acme-tools.test',
    organizationStatus: 'PENDING',
  });
});

test('a consumer address is refused with a clear message', async ({ page }) => {
  await signInWith(page, 'Google', 'joe.bloggs@gmail.com');
  await expect(page).toHaveURL(/signInError=consumer-domain/);
  await expect(page.getByRole('alert')).toContainText('please sign in with your work account');
  expect(await userData(page)).toEqual({ error: 'You are not signed in.' });
});

test('Microsoft sign-in founds an organisation for its tenant', async ({ page }) => {
  await signInWith(page, 'Microsoft', 'anna.admin@contoso-works.test');
  await expect(page).toHaveURL(/\/registration\/scan$/);
  expect(await userData(page)).toMatchObject({
    role: 'admin',
    companyDomain: 'contoso-works.test',
  });
});

test('a tampered callback does not sign anyone in', async ({ page }) => {
  await page.goto('/api/auth/google/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/signInError=expired/);
  await expect(page.getByRole('alert')).toContainText('took too long');
});

test('a member an administrator removed is told to ask to be invited again', async ({ page }) => {
  await page.goto('/?signInError=removed');
  await expect(page.getByRole('alert')).toContainText(
    'An administrator of your organisation removed you from Castellan',
  );
  await expect(page.getByRole('alert')).toContainText('invite you again');
});

/** The OAuth flow kept in the session state (sessionStorage), or null. */
const oauthParams = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('castellan.session') ?? '{}').oauthParams ?? null,
  );

for (const [outcome, email, lands] of [
  ['signed in', 'flow.watcher@oauth-state.test', /\/registration\/scan$/],
  ['refused', 'flow.watcher@gmail.com', /signInError=consumer-domain/],
] as const) {
  test(`the session state holds the OAuth flow while it runs and drops it on return (${outcome})`, async ({
    page,
  }) => {
    await page.goto('/');
    // First the way out answers 204, which keeps the browser on the page that started the flow.
    await page.route('**/api/auth/google/login', (route) => route.fulfill({ status: 204 }));
    const signIn = page.getByRole('link', { name: 'Sign in with Google' });
    await signIn.click();
    await expect.poll(() => oauthParams(page)).not.toBeNull();
    const started = await oauthParams(page);
    expect(started).toEqual({ provider: 'google', returnTo: '/', startedAt: expect.any(String) });
    expect(Date.parse(started.startedAt)).not.toBeNaN();
    expect(JSON.stringify(started)).not.toMatch(/secret|code|verifier|nonce|state/i);

    // Then the real round trip through the provider.
    await page.unroute('**/api/auth/google/login');
    await signIn.click();
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill('any password');
    await page.locator('button[type=submit]').click();
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(lands);
    // The address changes before the app has run its navigation guard, which ends the flow.
    await expect.poll(() => oauthParams(page)).toBeNull();
  });
}
