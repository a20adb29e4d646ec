import type { Page } from '@playwright/test';
import { expect, json, openAppAs, test } from './helpers';
import { expectCompressed, expectWithinBudget, javascriptLoadedBy } from './page-weight';
import { doneScan } from './scan-fixtures';

const openStartPage = (page: Page) => page.goto('/');
const openTasks = (page: Page) => openAppAs(page, 'Ben Carter', '/tasks');

// A first visit: nobody has answered the cookie dialog yet, so its code loads too.
test.use({ consent: 'none' });

test('the signed-out start page sends its JavaScript and page compressed', async ({ page }) => {
  expectCompressed(await javascriptLoadedBy(page, () => openStartPage(page)));
  const html = await page.request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(html.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(html.headers().vary).toMatch(/accept-encoding/i);
  expect(html.headers()['cache-control']).toBe('no-cache');
});

test('a member’s tasks page gets compressed JavaScript and API answers', async ({ page }) => {
  const actions = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/actions');
  expectCompressed(await javascriptLoadedBy(page, () => openTasks(page)));
  const answer = await actions;
  expect((await answer.allHeaders())['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(await answer.json()).toHaveProperty('tasks');
});

const PUBLIC_DOMAIN = 'acme-widgets.com';

type Visit = {
  /** The address opened, signed out. */
  url: string;
  /** Answers API calls the test server cannot (scans need the internet). */
  fake?: (page: Page) => Promise<unknown>;
};

/**
 * Signed-out pages with what the route walk (every-route.spec.ts, which holds every route to the
 * budget) does not show: a finished public report, a published trust page.
 */
const VISITS: Visit[] = [
  {
    url: `/risk-analysis/public/${PUBLIC_DOMAIN}`,
    fake: (page) =>
      page.route(`**/api/risk-analysis/public/${PUBLIC_DOMAIN}`, (route) =>
        json(route, 200, { scan: doneScan(PUBLIC_DOMAIN) }),
      ),
  },
  { url: '/trust-center/brightwave.example' },
];

for (const visit of VISITS) {
  test(`the signed-out ${visit.url} loads at most 150 KB of gzipped JavaScript`, async ({
    page,
  }) => {
    await visit.fake?.(page);
    expectWithinBudget(await javascriptLoadedBy(page, () => page.goto(visit.url)));
  });
}

/** A member's pages (the route walk goes as an administrator). */
const SIGNED_IN: { url: string; as: string }[] = [
  { url: '/dashboard', as: 'Ben Carter' },
  { url: '/tasks', as: 'Ben Carter' },
];

for (const visit of SIGNED_IN) {
  test(`${visit.url} as ${visit.as} loads at most 150 KB of gzipped JavaScript`, async ({
    page,
  }) => {
    expectWithinBudget(await javascriptLoadedBy(page, () => openAppAs(page, visit.as, visit.url)));
  });
}

test('a task’s own address, its view open, loads at most 150 KB of gzipped JavaScript', async ({
  page,
}) => {
  const signedIn = await page.request.post('/api/auth/test-login', {
    data: { email: 'ben.carter@brightwave.example' },
  });
  expect(signedIn.status()).toBe(200);
  const { tasks } = (await (await page.request.get('/api/actions')).json()) as {
    tasks: { id: string; title: string }[];
  };
  const task = tasks[0];
  if (!task) throw new Error('Ben has no task');
  const loaded = await javascriptLoadedBy(page, async () => {
    await openAppAs(page, 'Ben Carter', `/tasks/${encodeURIComponent(task.id)}`);
    await expect(page.getByRole('dialog', { name: task.title })).toBeVisible();
  });
  expectWithinBudget(loaded);
});
