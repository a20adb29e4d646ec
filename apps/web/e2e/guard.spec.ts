import { expect, expireSession, mainMenu, openAppAs, signInAs, test } from './helpers';

const LOGIN_PROMPT = 'Please login to continue.';

test('an anonymous visit to a protected page asks to log in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/\?login=true$/);
  await expect(page.getByRole('alert')).toContainText(LOGIN_PROMPT);
});

test('an anonymous visit to a public page stays there', async ({ page }) => {
  await page.goto('/risk-analysis/public');
  await expect(page.getByRole('heading', { level: 1, name: 'Public risk analysis' })).toBeVisible();
  await expect(page).toHaveURL(/\/risk-analysis\/public$/);
});

test('a member opening an admin page goes to the dashboard', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});

test('an administrator may open the admin pages', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
});

test.describe('an administrator whose organisation is still registering', () => {
  test.beforeEach(async ({ page }) => {
    await openAppAs(page, 'Noah Fields');
    await expect(page).toHaveURL(/\/registration\/scan$/);
  });

  test('is sent to the registration scan from other pages', async ({ page }) => {
    for (const path of ['/dashboard', '/tasks', '/settings', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/registration\/scan$/);
    }
  });

  test('may still open the agent download and the integrations', async ({ page }) => {
    for (const [path, heading] of [
      ['/agent/download', 'Agent download'],
      ['/integrations', 'Integrations'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});

test('a permissions flag brings the user back to the integrations once, after login', async ({
  page,
}) => {
  const target = '/integrations?googleWorkspacePermissionsRequired=true';
  await page.goto(target);
  await expect(page).toHaveURL(/\/\?login=true$/);
  await expect(page.getByRole('alert')).toContainText(LOGIN_PROMPT);

  await signInAs(page, 'Alice Morgan');
  await expect(page).toHaveURL(target);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  // Used once: afterwards the start page leads to the dashboard as usual.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('authentication is checked again on every navigation', async ({ page, context }) => {
  await openAppAs(page, 'Alice Morgan');
  // The dashboard's own calls are answered first: one sent after the session ends would end it
  // on the start page before the navigation this test is about.
  await page.waitForLoadState('networkidle');
  await expireSession(context);
  expect((await context.cookies()).map((c) => c.name)).toEqual(['cc_cookie']);
  await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
  await expect(page).toHaveURL(/\/\?login=true$/);
  await expect(page.getByRole('alert')).toContainText(LOGIN_PROMPT);
});

test('with logout=true the session is not checked', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan');
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/user-data')) checks.push(request.url());
  });
  await page.goto('/?logout=true');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Signed in and registered, yet not sent on to the dashboard: the guard did not look.
  await expect(page).toHaveURL(/\/\?logout=true$/);
  await page.waitForLoadState('networkidle');
  expect(checks).toEqual([]);

  // Without the flag the session is checked and the registered user goes on to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(checks.length).toBeGreaterThan(0);
});

test('a signed-in, registered user opening / goes to the dashboard', async ({ page }) => {
  await openAppAs(page, 'Ben Carter');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('only staff may open the impersonation page', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/impersonate/users');
  await expect(page).toHaveURL(/\/dashboard$/);

  await openAppAs(page, 'Sam Rivera', '/impersonate/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Impersonate users' })).toBeVisible();
  await expect(page).toHaveURL(/\/impersonate\/users$/);
});

test('an unknown address shows a not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Castellan');
});

for (const stored of ['//evil.example/', '/\t/evil.example/', '/\\evil.example/']) {
  test(`a stored post-login redirect to another host (${JSON.stringify(stored)}) is not followed`, async ({
    page,
  }) => {
    await page.route(/evil\.example/, (route) => route.abort());
    await page.goto('/');
    await page.evaluate((target) => {
      sessionStorage.setItem('castellan.postLoginRedirect', target);
    }, stored);
    await signInAs(page, 'Alice Morgan');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });
}
