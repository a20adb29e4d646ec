import type { Page } from '@playwright/test';
import {
  chooseFromAccountMenu,
  expect,
  expireSession,
  holdRequests,
  json,
  mainMenu,
  openAppAs,
  signInAs,
  test,
} from './helpers';

/** Signs Alice in with the page clock under the test's control and makes an error toast appear. */
async function showErrorToast(page: Page) {
  await page.clock.install();
  await openAppAs(page, 'Alice Morgan', '/tasks');
  await page.route('**/api/tours/main', (route) => json(route, 500, { error: 'Tour broken' }));
  await chooseFromAccountMenu(page, 'Restart Tour');
  const toast = page.getByRole('alert').filter({ hasText: 'Could not restart the tour' });
  await expect(toast).toBeVisible();
  return toast;
}

const SESSION_KEY = 'castellan.session';
const readSession = (page: Page) =>
  page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
/** The user kept in the session state, or null when none (or no session state at all). */
const storedUser = async (page: Page) => JSON.parse((await readSession(page)) ?? '{}').user ?? null;

test.describe('HTTP client', () => {
  test('a JSON call answered with something else fails with the content-type message', async ({
    page,
  }) => {
    await page.route('**/api/auth/test-users', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>not JSON</p>' }),
    );
    await page.goto('/test-login');
    const alert = page.getByRole('alert').filter({ hasText: 'Test login is not available' });
    await expect(alert).toContainText('Invalid content type. Expected application/json.');
  });

  test("an error body's error field becomes the message", async ({ page }) => {
    await page.route('**/api/auth/test-login', (route) => json(route, 500, { error: 'Boom' }));
    await page.goto('/test-login');
    await page.getByRole('button', { name: 'Sign in as Ben Carter' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not sign in' });
    await expect(alert).toContainText('Boom');
    await expect(page).toHaveURL(/\/test-login$/);
  });

  test('a GET is retried after 503 answers', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/auth/test-users', async (route) => {
      calls += 1;
      if (calls <= 2) await json(route, 503, { error: 'Busy' });
      else await route.continue();
    });
    await page.goto('/test-login');
    const company = page.getByRole('region', { name: 'brightwave.example' });
    await expect(company.getByRole('button', { name: /^Sign in as / })).toHaveCount(10);
    expect(calls).toBe(3);
  });

  test('a GET gives up after two retries', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/auth/test-users', async (route) => {
      calls += 1;
      await json(route, 503, { error: 'Still busy' });
    });
    await page.goto('/test-login');
    const alert = page.getByRole('alert').filter({ hasText: 'Test login is not available' });
    await expect(alert).toContainText('Still busy');
    expect(calls).toBe(3);
  });

  test('a GET answered 429 is retried, then taken as no content: no error, the page stays usable', async ({
    page,
  }) => {
    let calls = 0;
    await page.route('**/api/get-score', async (route) => {
      calls += 1;
      await route.fulfill({ status: 429, headers: { 'retry-after': '0' }, body: '' });
    });
    await openAppAs(page, 'Ben Carter', '/dashboard');
    const busy = page.getByRole('status').filter({ hasText: 'The server is busy' });
    await expect(busy).toContainText('It asked to wait a moment before sending the cyber score.');
    expect(calls).toBe(3);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('[data-severity="error"]')).toHaveCount(0);
    // Still signed in and usable: the rest of the overview, the menu, and a second try.
    await expect(page.getByRole('heading', { name: 'Welcome, Ben' })).toBeVisible();
    await page.unroute('**/api/get-score');
    await busy.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('progressbar', { name: 'Your progress' })).toBeVisible();
    await mainMenu(page).getByRole('link', { name: 'Your tasks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your tasks' })).toBeVisible();
  });

  test('a POST answered 429 is not retried and is no content: no error, nothing happens', async ({
    page,
  }) => {
    let calls = 0;
    await page.route('**/api/auth/test-login', async (route) => {
      calls += 1;
      await route.fulfill({ status: 429, headers: { 'retry-after': '0' }, body: '' });
    });
    await page.goto('/test-login');
    await page.getByRole('button', { name: 'Sign in as Ben Carter' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The server is busy' })).toBeVisible();
    expect(calls).toBe(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('[data-severity="error"]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/test-login$/);
    await page.unroute('**/api/auth/test-login');
    await page.getByRole('button', { name: 'Sign in as Ben Carter' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a POST is not retried', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/auth/test-login', async (route) => {
      calls += 1;
      await json(route, 503, { error: 'Busy' });
    });
    await page.goto('/test-login');
    await page.getByRole('button', { name: 'Sign in as Ben Carter' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not sign in' })).toBeVisible();
    expect(calls).toBe(1);
  });
});

test.describe('logout', () => {
  test('answered 204 (an impersonation ended) lands on the impersonation page', async ({
    page,
  }) => {
    await openAppAs(page, 'Sam Rivera');
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 204 }));
    await chooseFromAccountMenu(page, 'Logout');
    await expect(page).toHaveURL(/\/impersonate\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Impersonate users' })).toBeVisible();
  });

  test('failing on the server still clears the local session', async ({ page }) => {
    await openAppAs(page, 'Ben Carter');
    expect(await storedUser(page)).toMatchObject({ email: 'ben.carter@brightwave.example' });
    await page.route('**/api/auth/logout', (route) => json(route, 500, { error: 'Down' }));
    await chooseFromAccountMenu(page, 'Logout');
    await expect(page).toHaveURL(/\/\?logout=true$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Nothing brings the (still valid) server session back while logging out.
    await page.waitForLoadState('networkidle');
    expect(await storedUser(page)).toBeNull();
  });
});

test('the session state in sessionStorage follows sign-in and logout', async ({ page }) => {
  await page.goto('/test-login');
  // Anonymous: the session check found nobody.
  await expect.poll(() => storedUser(page)).toBeNull();
  await signInAs(page, 'Alice Morgan');
  expect(JSON.parse((await readSession(page)) ?? 'null')).toMatchObject({
    user: { email: 'alice.morgan@brightwave.example', role: 'admin' },
  });

  await chooseFromAccountMenu(page, 'Logout');
  await expect(page).toHaveURL(/\/\?logout=true$/);
  await page.waitForLoadState('networkidle');
  expect(await storedUser(page)).toBeNull();
});

test.describe('toasts', () => {
  test('an expired session on a protected call shows a toast top-right and logs out', async ({
    page,
    context,
  }) => {
    await openAppAs(page, 'Alice Morgan');
    // The dashboard's own calls are answered first: the 401 comes from the call made below.
    await page.waitForLoadState('networkidle');
    await expireSession(context);
    // Hold the logout so the toast can be looked at before the page reloads.
    const logout = await holdRequests(page, '**/api/auth/logout');
    await chooseFromAccountMenu(page, 'Restart Tour');

    const toast = page.getByRole('alert').filter({ hasText: 'Session expired. Logging out...' });
    await expect(toast).toBeVisible();
    await expect.poll(() => logout.held()).toBe(1);
    // 20px from the top and right edges, once it has slid in.
    const width = page.viewportSize()?.width ?? 0;
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box && [Math.round(box.y), Math.round(width - box.x - box.width)];
      })
      .toEqual([20, 20]);

    await logout.release();
    await expect(page).toHaveURL(/\/\?logout=true$/);
    expect(await storedUser(page)).toBeNull();
  });

  test('a toast enters in 0.3 s, 20 px from the top right; once closed it leaves after 200 ms', async ({
    page,
  }) => {
    const toast = await showErrorToast(page);
    const style = (property: 'opacity' | 'transitionDuration') =>
      toast.evaluate((element, name) => (element as HTMLElement).style[name], property);
    expect(await style('transitionDuration')).toBe('300ms, 300ms, 300ms');
    const width = page.viewportSize()?.width ?? 0;
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box && [Math.round(box.y), Math.round(width - box.x - box.width)];
      })
      .toEqual([20, 20]);

    // From here on the page's timers move only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await toast.getByRole('button').click();
    await page.clock.runFor(150);
    await expect(toast).toBeVisible();
    expect(await style('opacity')).toBe('1');
    await page.clock.runFor(50);
    await expect.poll(() => style('opacity')).toBe('0'); // leaving
    await expect(toast).toHaveCount(1);
    await page.clock.runFor(300);
    await expect(toast).toHaveCount(0);
  });

  test('the first toast of a page enters with its transition, as later ones do', async ({
    page,
  }) => {
    // Each toast whose opacity starts a transition towards 1 (entering, not leaving).
    await page.addInitScript(() => {
      const entered: string[] = [];
      Object.assign(window, { enteredToasts: entered });
      document.addEventListener('transitionrun', (event) => {
        const target = event.target as HTMLElement;
        if (event.propertyName !== 'opacity' || !target.matches('[role="alert"]')) return;
        if (target.style.opacity === '1') entered.push(target.textContent ?? '');
      });
    });
    const entered = () =>
      page.evaluate(() => (window as unknown as { enteredToasts: string[] }).enteredToasts);
    await openAppAs(page, 'Alice Morgan', '/tasks');
    await page.route('**/api/tours/main', (route) => json(route, 500, { error: 'Tour broken' }));
    const toast = page.getByRole('alert').filter({ hasText: 'Could not restart the tour' });

    await chooseFromAccountMenu(page, 'Restart Tour');
    await expect(toast).toBeVisible();
    await expect.poll(entered).toEqual([expect.stringContaining('Could not restart the tour')]);
    await toast.getByRole('button').click();
    await expect(toast).toHaveCount(0);

    await chooseFromAccountMenu(page, 'Restart Tour');
    await expect(toast).toBeVisible();
    await expect.poll(async () => (await entered()).length).toBe(2);
  });

  test('an error toast can be closed, waits while hovered and then closes by itself', async ({
    page,
  }) => {
    // Closed by its close button.
    const toast = await showErrorToast(page);
    await expect(toast).toContainText('Tour broken');
    await expect(page).toHaveURL(/\/tasks$/);
    await toast.getByRole('button').click();
    await expect(toast).toHaveCount(0);

    // Paused while the pointer is on it, gone after its life (5 s) once the pointer leaves.
    await chooseFromAccountMenu(page, 'Restart Tour');
    await expect(toast).toBeVisible();
    await toast.hover();
    await page.clock.fastForward(8000);
    await expect(toast).toBeVisible();
    await page.mouse.move(10, 700);
    await page.clock.fastForward(3000);
    await expect(toast).toBeVisible();
    await page.clock.fastForward(3000);
    await expect(toast).toHaveCount(0);
  });
});
