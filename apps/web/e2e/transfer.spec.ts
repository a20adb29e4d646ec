import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, json, openAppAs, test } from './helpers';
import { doneScan } from './scan-fixtures';

/** The budget: every page's JavaScript, until the page is idle, at most 150 KB gzipped. */
const JS_BUDGET_GZIP = 150 * 1024;

type Loaded = { url: string; encoding: string | undefined; encoded: number; gzip: number };

/** Every JavaScript file the page loads until the network is idle, as sent and as gzip -9. */
async function javascriptLoadedBy(page: Page, open: () => Promise<unknown>): Promise<Loaded[]> {
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', collect);
  await open();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  return Promise.all(
    responses.map(async (response) => ({
      url: new URL(response.url()).pathname,
      encoding: (await response.allHeaders())['content-encoding'],
      encoded: (await response.request().sizes()).responseBodySize,
      gzip: gzipSync(await response.body(), { level: 9 }).length,
    })),
  );
}

function expectCompressed(loaded: Loaded[]): void {
  expect(loaded.length).toBeGreaterThan(0);
  // A file of a few dozen bytes only grows when compressed: the build keeps no copy of it.
  const uncompressed = loaded.filter(
    (file) => !/^(br|gzip)$/.test(file.encoding ?? '') && file.encoded > 200,
  );
  expect(uncompressed).toEqual([]);
}

function expectWithinBudget(loaded: Loaded[]): void {
  const gzip = loaded.reduce((sum, file) => sum + file.gzip, 0);
  const sent = loaded.reduce((sum, file) => sum + file.encoded, 0);
  test.info().annotations.push({
    type: 'javascript',
    description: `${loaded.length} files, ${sent} bytes sent, ${gzip} bytes gzipped`,
  });
  const files = loaded.map((f) => `${f.url} ${f.gzip}`).join('\n');
  expect(gzip, files).toBeLessThanOrEqual(JS_BUDGET_GZIP);
}

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

/** Every signed-out page, each held to the budget in a test of its own. */
const VISITS: Visit[] = [
  { url: '/' },
  { url: '/risk-analysis/public' },
  {
    url: `/risk-analysis/public/${PUBLIC_DOMAIN}`,
    fake: (page) =>
      page.route(`**/api/risk-analysis/public/${PUBLIC_DOMAIN}`, (route) =>
        json(route, 200, { scan: doneScan(PUBLIC_DOMAIN) }),
      ),
  },
  { url: '/trust-center' },
  { url: '/trust-center/brightwave.example' },
  { url: '/test-login' },
  { url: '/facebook-success' },
  { url: '/unsubscribe?token=not-a-signed-token' },
];

for (const visit of VISITS) {
  test(`the signed-out ${visit.url} loads at most 150 KB of gzipped JavaScript`, async ({
    page,
  }) => {
    await visit.fake?.(page);
    expectWithinBudget(await javascriptLoadedBy(page, () => page.goto(visit.url)));
  });
}

/** The signed-in pages, each held to the budget as the person who sees it most. */
const SIGNED_IN: { url: string; as: string }[] = [
  { url: '/dashboard', as: 'Alice Morgan' },
  { url: '/dashboard', as: 'Ben Carter' },
  { url: '/tasks', as: 'Ben Carter' },
  { url: '/tasks', as: 'Alice Morgan' },
  { url: '/risk-analysis', as: 'Alice Morgan' },
  { url: '/integrations', as: 'Alice Morgan' },
  { url: '/team-progress', as: 'Alice Morgan' },
  { url: '/users', as: 'Alice Morgan' },
  { url: '/settings', as: 'Alice Morgan' },
  { url: '/agent/download', as: 'Alice Morgan' },
  { url: '/help', as: 'Alice Morgan' },
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
