// Callbacks given to page.evaluate() run in the browser and use its DOM types.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />

import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import { test as base, expect } from './stack';

export { expect };

/** The avatar button's name, whatever its initials and e-mail. */
export const ACCOUNT_MENU_NAME = /account menu for /i;

/**
 * Signs in through the /test-login page as the user with the given name and waits for the app:
 * the avatar menu, or the registration step for an organisation that is still registering.
 */
export async function signInAs(page: Page, fullName: string): Promise<void> {
  await page.goto('/test-login');
  await page.getByRole('button', { name: `Sign in as ${fullName}` }).click();
  await expect(
    page
      .getByRole('button', { name: ACCOUNT_MENU_NAME })
      .or(page.locator('[data-slot="content"]').getByRole('heading', { level: 1 })),
  ).toBeVisible();
}

/**
 * The quick way in, for tests about what comes after signing in: signs in with the test-login
 * API (sharing the page's cookies) and opens `path` directly. Use `signInAs` to go through the
 * page itself.
 */
export async function openAppAs(page: Page, fullName: string, path = '/dashboard'): Promise<void> {
  const { users } = (await (await page.request.get('/api/auth/test-users')).json()) as {
    users: { email: string; firstName: string; lastName: string }[];
  };
  const user = users.find((u) => `${u.firstName} ${u.lastName}` === fullName);
  if (!user) throw new Error(`No demo user called ${fullName}.`);
  // Signing in replaces the session the open page holds: a request of that page answered 401
  // would make it log out (as the product must), ending the new session instead. So the page
  // leaves the app first.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  const response = await page.request.post('/api/auth/test-login', { data: { email: user.email } });
  expect(response.status(), `signing in as ${fullName}`).toBe(200);
  await page.goto(path);
  await expect(
    page
      .getByRole('button', { name: ACCOUNT_MENU_NAME })
      .or(page.locator('[data-slot="content"]').getByRole('heading', { level: 1 })),
  ).toBeVisible();
}

/** The cookie-consent choice a test starts with; 'none' means the dialog will ask. */
export type Consent = 'none' | 'necessary' | 'all';

export const CONSENT_COOKIE = 'cc_cookie';
/** The session cookie outside production (the browser tests' server); production uses `__Host-castellan_session`. */
export const SESSION_COOKIE = 'castellan_session';

/** A `cc_cookie` as vanilla-cookieconsent v3 writes it when the user has chosen. */
export function consentCookie(consent: Exclude<Consent, 'none'>, baseURL: string) {
  const now = new Date();
  const value = {
    categories: consent === 'all' ? ['necessary', 'analytics'] : ['necessary'],
    revision: 0,
    data: null,
    consentTimestamp: now.toISOString(),
    consentId: '00000000-0000-4000-8000-00000000e2e0',
    services: { necessary: [], analytics: [] },
    languageCode: 'en',
    lastConsentTimestamp: now.toISOString(),
    expirationTime: now.getTime() + 182 * 24 * 3600 * 1000,
  };
  return {
    name: CONSENT_COOKIE,
    value: encodeURIComponent(JSON.stringify(value)),
    url: baseURL,
    sameSite: 'Lax' as const,
    expires: Math.floor(value.expirationTime / 1000),
  };
}

/**
 * vanilla-cookieconsent hides its dialog from bots, and it takes `navigator.webdriver` (true under
 * Playwright) as a sign of one. Tests act as people, so they look like a normal browser.
 */
export async function actLikeAPerson(context: BrowserContext): Promise<void> {
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
}

/**
 * `test` with the consent dialog handled: by default the context already holds a
 * "Necessary only" choice, so the dialog never covers the page. Use
 * `test.use({ consent: 'none' })` to meet the dialog, or `'all'` to start with analytics allowed.
 */
/**
 * Whether the administrators' guided tour may run: 'off' (the default) answers GET /api/tours
 * with a dismissed tour, so it never starts by itself and its overlay never covers the page;
 * tour specs use `test.use({ tour: 'real' })`.
 */
export type TourMode = 'off' | 'real';

export const DISMISSED_TOURS = [{ tourType: 'main', status: 'dismissed', currentStepId: null }];

/**
 * Answers the page's GET /api/tours with DISMISSED_TOURS inside the page, before the request
 * leaves it. A `context.route` would do the same from the test runner, but any route turns off
 * the browser's cache and sends every request of every page through the runner: each page then
 * took 2–3 s to start instead of under 1 s.
 */
async function answerToursAsDismissed(context: BrowserContext): Promise<void> {
  await context.addInitScript((tours) => {
    const fetchFromNetwork = window.fetch.bind(window);
    window.fetch = (input, init) => {
      // Read without making a Request of it: that would use up the body of a POST.
      const url = input instanceof Request ? input.url : String(input);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const { pathname } = new URL(url, location.href);
      if (method !== 'GET' || pathname !== '/api/tours') return fetchFromNetwork(input, init);
      const headers = { 'content-type': 'application/json' };
      return Promise.resolve(new Response(JSON.stringify(tours), { status: 200, headers }));
    };
  }, DISMISSED_TOURS);
}

export const test = base.extend<{ consent: Consent; tour: TourMode }>({
  consent: ['necessary', { option: true }],
  tour: ['off', { option: true }],
  context: async ({ context, consent, tour, baseURL }, use) => {
    await actLikeAPerson(context);
    if (consent !== 'none') await context.addCookies([consentCookie(consent, baseURL ?? '')]);
    if (tour === 'off') await answerToursAsDismissed(context);
    await use(context);
  },
});

/** Clears the sign-in cookie only, as if the session had expired on the server side. */
export async function expireSession(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: SESSION_COOKIE });
}

/**
 * Holds requests matching `url` until `release()` is called, then lets them through (or runs
 * `then` for each). Use it to see what the app shows while it waits.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  then: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<{ held: () => number; release: () => Promise<void> }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(url, async (route) => {
    if (released) return then(route);
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: async () => {
      released = true;
      await Promise.all(waiting.splice(0).map(then));
    },
  };
}

/** Answers with a JSON body. */
export const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** The avatar button, named by the initials it shows and then by what it opens. */
export const accountMenu = (page: Page) => page.getByRole('button', { name: ACCOUNT_MENU_NAME });
/** The administrator's menu in the spec's order (§2). */
export const ADMIN_MENU = [
  'Overview',
  'Risk analysis',
  'Your tasks',
  'Company status',
  'Integrations',
  'Users',
  'Billing',
  'Settings',
  'Help',
];
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The start page's way to the demo sign-in (/test-login). */
export const testLoginLink = (page: Page) =>
  page.getByRole('link', { name: /^(Sign in|Demo accounts)$/ }).first();

/** Opens the avatar menu and chooses an item. */
export async function chooseFromAccountMenu(page: Page, item: string): Promise<void> {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** In the page: whether a face of the self-hosted Inter font has finished loading. */
export const interLoaded = () =>
  [...document.fonts].some((face) => face.family.includes('Inter') && face.status === 'loaded');

/** The task list of /tasks: "This week" and the categories below it. */
export const taskPlan = (page: Page) => page.getByRole('region', { name: 'Tasks', exact: true });

/** Opens every closed category of the task list, so that each of its tasks is in view. */
export async function openTaskCategories(page: Page): Promise<void> {
  // The list first: before it has loaded there is no category to open.
  await expect(
    taskPlan(page)
      .locator('button[aria-expanded]')
      .or(taskPlan(page).getByRole('listitem'))
      .first(),
  ).toBeVisible();
  const closed = taskPlan(page).locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

/**
 * Opens every area of a folded domain report inside `report`, then each area's folded checks
 * that passed or were not tested: one control at a time, each checked open before the next (a
 * list of buttons read at once missed those of an area still opening).
 */
export async function openEveryReportArea(report: Locator): Promise<void> {
  const areas = report.locator('[data-area]');
  await expect(areas.first()).toBeVisible();
  const names = await areas.evaluateAll((found) => found.map((a) => a.getAttribute('data-area')));
  for (const name of names) {
    const area = report.locator(`[data-area="${name}"]`);
    // The area's own line comes first; its folded checks, when it has any, are inside it.
    const controls = [
      area.locator('button[aria-expanded]').first(),
      area.locator('button[aria-expanded]', { hasText: /^\d+ (passed|not tested)/ }),
    ];
    for (const control of controls) {
      if ((await control.count()) === 0) continue;
      // A click on the folded checks while their area is still unfolding was lost on a busy
      // machine (once in a CI run): click again until it holds.
      await expect(async () => {
        if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
        await expect(control).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
    }
  }
}

/** The page's serious and critical WCAG 2.0/2.1 A and AA violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Opens a task of the signed-in user's list, whatever its status, in its view; gives its list item
 * and the view's "Automatic checks" section.
 */
export async function openTask(page: Page, title: string) {
  await page.goto('/tasks');
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('All', { exact: true }).click();
  await openTaskCategories(page);
  const item = page
    .getByRole('region', { name: 'Tasks', exact: true })
    .getByRole('listitem', { name: title });
  await item.getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: title });
  return { item, dialog, checks: dialog.getByRole('region', { name: 'Automatic checks' }) };
}

/**
 * Enrolls a computer for whoever `page` is signed in as through the agent's API and sends one
 * report of `checks`, as the agent would; gives the device's token.
 */
export async function enrollAndReport(
  page: Page,
  device: { name: string; platform: 'darwin' | 'win32' | 'linux'; osVersion: string },
  checks: readonly { id: string; verdict: 'pass' | 'fail' | 'unknown'; evidence: string }[],
  reportedAt = new Date(Date.now() - 1000),
): Promise<string> {
  const codeResponse = await page.request.post('/api/agent/enrollment-codes', {
    headers: { 'content-type': 'application/json' },
  });
  expect(codeResponse.status()).toBe(201);
  const { code } = (await codeResponse.json()) as { code: string };
  const enrolled = await page.request.post('/api/agent/enroll', {
    data: { code, device: { ...device, agentVersion: '0.2.0' } },
  });
  expect(enrolled.status()).toBe(201);
  const { token } = (await enrolled.json()) as { token: string };
  const report = await page.request.post('/api/agent/report', {
    headers: { authorization: `Bearer ${token}` },
    data: { reportedAt: reportedAt.toISOString(), checks },
  });
  expect(report.status()).toBe(200);
  return token;
}

/**
 * Flips a switch as a person does: by clicking its visible body, once it stands still. Its input
 * is hidden, and a forced click on the input skips the wait, so it missed a switch in a dialog
 * that was still moving in ("element is outside of the viewport").
 */
export async function flipSwitch(switchInput: Locator): Promise<void> {
  const id = await switchInput.getAttribute('id');
  if (!id) throw new Error('the switch has no id for its label');
  await switchInput.page().locator(`label[for="${id}"]`).first().click();
}
