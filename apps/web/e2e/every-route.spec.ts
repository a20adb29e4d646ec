import type { Page } from '@playwright/test';
import { type AppRoute, ROUTES } from '../src/app/routes';
import { expect, openAppAs, test } from './helpers';
import { expectWithinBudget, javascriptLoadedBy } from './page-weight';

// On PGlite, the database of `npm start`, also when the run's other specs use PostgreSQL. A first
// visit: nobody has answered the cookie dialog yet, so its code loads too and counts.
test.use({ database: 'pglite', consent: 'none' });

/** A value for each route parameter. */
const PARAMS: Record<string, string> = {
  '/risk-analysis/public/:domain': '/risk-analysis/public/example.com',
  '/trust-center/:domain': '/trust-center/unknown-organisation.example',
  // A link nobody created: the page gives the server's refusal.
  '/shared/:token': '/shared/0123456789abcdefghijABCDEFGHIJ_-0123456789a',
  // A practice link no message carries: the page says it is no longer valid.
  '/practice/:token': '/practice/abcdefghij0123456789ABCDEFGHIJ-_abcdefghijk',
  // An id nobody has: the page says so, under the tasks.
  '/tasks/:id': '/tasks/enable-mfa:00000000-0000-4000-8000-000000000000',
};

/** Who may open the route and sees its page, not a redirect. */
function visitorOf(route: AppRoute): string | null {
  if (route.layout === 'registration') return 'Noah Fields'; // still registering
  switch (route.access) {
    case 'public':
      return null;
    case 'staff':
      return 'Sam Rivera';
    default:
      return 'Alice Morgan';
  }
}

/** The text of the page's own content, headings left out: the app layout's slot, or main. */
async function contentText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-slot="content"]') ?? document.querySelector('main');
    if (!root) return '';
    const copy = root.cloneNode(true) as HTMLElement;
    for (const heading of copy.querySelectorAll('h1')) heading.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

for (const route of ROUTES) {
  const visitor = visitorOf(route);
  test(`${route.path} shows real content to ${visitor ?? 'a visitor'}, within the JavaScript budget`, async ({
    page,
  }) => {
    const path = PARAMS[route.path] ?? route.path;
    const loaded = await javascriptLoadedBy(page, () =>
      visitor ? openAppAs(page, visitor, path) : page.goto(path),
    );
    expectWithinBudget(loaded);
    await expect(page).toHaveURL(
      (url) => url.pathname.replace(/\/$/, '') === path.replace(/\/$/, '') || path === '/',
    );
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect
      .poll(async () => (await contentText(page)).length, {
        message: `${path} shows a heading and next to nothing else`,
        timeout: 10_000,
      })
      .toBeGreaterThan(60);
    await expect(page.getByText(/^Could not load/)).toHaveCount(0);
  });
}

test('every parameterised route has a value to visit', () => {
  for (const route of ROUTES.filter((r) => r.path.includes(':'))) {
    expect(PARAMS[route.path], route.path).toBeDefined();
  }
});
