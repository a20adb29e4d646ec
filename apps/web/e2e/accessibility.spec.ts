import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ROUTES } from '../src/app/routes';
import { BEFORE as ATTACK_GRAPH } from './attack-graph-fixtures';
import { accountMenu, expect, json, mainMenu, openAppAs, test } from './helpers';
import { fakeAttackGraph, fakeOrganizationAnalysis, riskAnalysisSummary } from './hub-fixtures';
import { allowList, connectedGws, FakeIntegrationsApi, MEMBER_EMAIL } from './integration-fixtures';
import { doneScan, organizationAnalysis, SCORE_HISTORY } from './scan-fixtures';

// WCAG 2.1 AA: every route of the route table and of the product spec, as a user who may open
// it, with its real content on screen, must have no serious or critical axe violation.

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const PUBLIC_DOMAIN = 'acme-widgets.com';
const ORG = 'brightwave.example';
const PENDING_ORG = 'northfield.example';

type Visit = {
  /** The route table's path this visit covers. */
  route: string;
  /** The address opened; the route's path unless it has parameters. */
  url?: string;
  /** Who opens it: a demo user's full name, or nobody. */
  as?: string;
  /** Answers API calls the test server cannot (scans need the internet). */
  fake?: (page: Page) => Promise<unknown>;
  /** Content that is only there once the page has loaded its data. */
  ready: (page: Page) => Locator;
};

/** Every state of a card at once, and Google Workspace's findings with something in each list. */
function integrationsWithFindings(): FakeIntegrationsApi {
  const api = new FakeIntegrationsApi({
    gws: connectedGws({ sync: { state: 'running', error: null } }),
    m365: { status: 'invalid_token', unavailableReason: null },
  });
  api.allowList = allowList(
    { users: [{ email: 'ann@partner.com' }], domains: [{ domain: 'gmail.com' }] },
    { files: [{ id: '1BudgetPlan2026xyz', requestedBy: MEMBER_EMAIL, requestedAt: null }] },
  );
  return api;
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/** The product spec's screens and routes (§2), as the spec writes them. */
const SPEC_ROUTES = [
  '/',
  '/agent/download',
  '/dashboard',
  '/facebook-success',
  '/help',
  '/impersonate/users',
  '/integrations',
  '/registration/scan',
  '/risk-analysis/',
  '/risk-analysis/attack-graph',
  '/risk-analysis/public/',
  '/risk-analysis/public/{domain}',
  '/settings',
  '/tasks',
  '/team-progress',
  '/test-login',
  '/trust-center/',
  '/users',
];

/** A spec route in the route table's form: no trailing slash, `:name` parameters. */
const asRoutePath = (specRoute: string) =>
  specRoute.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');

const VISITS: Visit[] = [
  { route: '/', ready: (page) => page.getByRole('button', { name: 'Analyse' }) },
  {
    route: '/',
    url: '/?login=true',
    ready: (page) => page.getByRole('alert').filter({ hasText: 'Please login to continue.' }),
  },
  {
    route: '/agent/download',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('list', { name: 'Other systems' }),
  },
  {
    route: '/board',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('list', { name: 'Risks' }),
  },
  {
    route: '/dashboard',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('list', { name: 'Score by category' }),
  },
  {
    route: '/dashboard',
    as: 'Ben Carter',
    ready: (page) => page.getByRole('list', { name: 'Score by category' }),
  },
  { route: '/facebook-success', ready: (page) => heading(page, 'Meta sign-in finished') },
  {
    route: '/facebook-success',
    url: '/facebook-success?outcome=refused',
    ready: (page) => heading(page, 'Meta was not connected'),
  },
  { route: '/help', as: 'Alice Morgan', ready: (page) => heading(page, 'Help') },
  { route: '/help', as: 'Ben Carter', ready: (page) => heading(page, 'Help') },
  {
    route: '/impersonate/users',
    as: 'Sam Rivera',
    ready: (page) => page.getByRole('button', { name: 'Act as Ben Carter' }),
  },
  {
    route: '/integrations',
    as: 'Alice Morgan',
    fake: (page) => integrationsWithFindings().install(page),
    ready: (page) => page.getByRole('region', { name: 'Requests to allow' }),
  },
  {
    route: '/integrations',
    url: '/integrations?googleWorkspacePermissionsRequired=true',
    as: 'Alice Morgan',
    fake: (page) => integrationsWithFindings().install(page),
    ready: (page) =>
      page.getByRole('alert').filter({ hasText: 'Google Workspace needs admin permissions' }),
  },
  {
    route: '/integrations',
    as: 'Ben Carter',
    fake: (page) => integrationsWithFindings().install(page),
    ready: (page) => page.getByRole('region', { name: 'Your requests' }),
  },
  {
    route: '/partner',
    as: 'Alice Morgan',
    ready: (page) => page.getByText(/No organisation has invited you yet/),
  },
  {
    route: '/phishing',
    as: 'Alice Morgan',
    ready: (page) =>
      page.getByRole('checkbox', { name: 'I confirm that this is true for my organisation' }),
  },
  {
    route: '/practice/:token',
    url: '/practice/abcdefghij0123456789ABCDEFGHIJ-_abcdefghijk',
    ready: (page) => heading(page, 'This practice link is no longer valid'),
  },
  {
    route: '/readiness',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('list', { name: 'Questions: Cyber insurance application' }),
  },
  {
    route: '/registration/scan',
    as: 'Noah Fields',
    fake: (page) =>
      page.route('**/api/risk-analysis', (route) =>
        json(route, 200, organizationAnalysis(PENDING_ORG, doneScan(PENDING_ORG))),
      ),
    ready: (page) => page.getByRole('img', { name: 'Grade D' }),
  },
  {
    route: '/risk-analysis',
    as: 'Alice Morgan',
    fake: async (page) => {
      await fakeAttackGraph(page);
      await fakeOrganizationAnalysis(page, riskAnalysisSummary());
      await page.route('**/api/risk-analysis', (route) =>
        json(route, 200, organizationAnalysis(ORG, doneScan(ORG), SCORE_HISTORY)),
      );
    },
    ready: (page) =>
      page.getByRole('region', { name: 'Identity and devices' }).getByRole('link').first(),
  },
  {
    route: '/risk-analysis/attack-graph',
    as: 'Alice Morgan',
    fake: (page) =>
      page.route('**/api/risk-analysis/attack-graph', (route) => json(route, 200, ATTACK_GRAPH)),
    ready: (page) =>
      page
        .getByRole('region', { name: 'Attack graph', exact: true })
        .getByRole('button', { name: /^Impact: / })
        .first(),
  },
  {
    route: '/risk-analysis/public',
    ready: (page) => page.getByRole('textbox', { name: 'Domain to analyse' }),
  },
  {
    route: '/risk-analysis/public/:domain',
    url: `/risk-analysis/public/${PUBLIC_DOMAIN}`,
    fake: (page) =>
      page.route(`**/api/risk-analysis/public/${PUBLIC_DOMAIN}`, (route) =>
        json(route, 200, { scan: doneScan(PUBLIC_DOMAIN) }),
      ),
    ready: (page) => page.getByRole('img', { name: 'Grade D' }),
  },
  {
    route: '/settings#organization',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('button', { name: 'Save trusted domains' }),
  },
  {
    route: '/settings#billing',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('link', { name: /Open the billing portal|Manage billing/ }),
  },
  {
    route: '/settings',
    as: 'Ben Carter',
    ready: (page) => page.getByRole('textbox', { name: 'First name' }),
  },
  {
    route: '/shared/:token',
    url: '/shared/0123456789abcdefghijABCDEFGHIJ_-0123456789a',
    ready: (page) => page.getByText('No such share link.'),
  },
  {
    route: '/tasks',
    as: 'Alice Morgan',
    ready: (page) =>
      page.getByRole('region', { name: 'Tasks', exact: true }).getByRole('listitem').first(),
  },
  {
    route: '/tasks',
    as: 'Ben Carter',
    ready: (page) =>
      page.getByRole('region', { name: 'Tasks', exact: true }).getByRole('listitem').first(),
  },
  {
    route: '/tasks/:id',
    url: '/tasks/enable-mfa:00000000-0000-4000-8000-000000000000',
    as: 'Ben Carter',
    ready: (page) => page.getByText('No such task'),
  },
  {
    route: '/team-progress',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('table', { name: 'Employees' }),
  },
  {
    route: '/test-login',
    ready: (page) => page.getByRole('button', { name: 'Sign in as Alice Morgan' }),
  },
  { route: '/trust-center', ready: (page) => heading(page, 'Trust center') },
  {
    route: '/trust-center/:domain',
    url: '/trust-center/nobody.example',
    ready: (page) => heading(page, 'No trust page here'),
  },
  {
    route: '/unsubscribe',
    url: '/unsubscribe?token=not-a-signed-token',
    ready: (page) => page.getByText('Not unsubscribed'),
  },
  {
    route: '/users',
    as: 'Alice Morgan',
    ready: (page) => page.getByRole('table', { name: 'Members' }),
  },
];

/** Opens a visit's page as its user and waits for its real content, not a loader. */
async function open(page: Page, visit: Visit): Promise<void> {
  await visit.fake?.(page);
  const url = visit.url ?? visit.route;
  if (visit.as) await openAppAs(page, visit.as, url);
  else await page.goto(url);
  await expect(page).toHaveURL(url);
  await expect(visit.ready(page)).toBeVisible();
  await settled(page);
}

/** Waits until no loader is left and no transition or finite animation is still running. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

const LABEL_IN_NAME = 'label-content-name-mismatch';

/**
 * A second look at a Label-in-Name finding. axe glues the text of adjacent elements together
 * ("1ScanYour domain" for a stepper step) before looking for it in the name, which the ACT rules
 * group counts as a false positive (act-rules/act-rules.github.io#1458). Here the words as the
 * browser renders them (innerText) must appear in the accessible name, together and in order.
 */
async function labelWordsInName(page: Page, selector: string): Promise<boolean> {
  const { label, name } = await page.locator(selector).evaluate((element) => {
    const axe = (window as unknown as { axe: AxeInPage }).axe;
    axe.setup(document);
    const accessibleName = axe.commons.text.accessibleText(element);
    axe.teardown();
    // innerText, not textContent: it separates the words that the layout shows apart.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered words are the point.
    return { label: (element as HTMLElement).innerText, name: accessibleName };
  });
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .join(' ');
  return words(label) !== '' && ` ${words(name)} `.includes(` ${words(label)} `);
}

/** The part of axe (injected by AxeBuilder) that computes accessible names. */
type AxeInPage = {
  setup: (root: Node) => void;
  teardown: () => void;
  commons: { text: { accessibleText: (element: Element) => string } };
};

/** Runs axe with the WCAG 2.0/2.1 A and AA rules and fails on serious or critical findings. */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // Label in Name (WCAG 2.5.3) is still marked experimental in axe, so it is not in the tags.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  const serious: Violation[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const nodes: Violation['nodes'] = [];
    for (const node of violation.nodes) {
      const target = String(node.target[0]);
      if (violation.id === LABEL_IN_NAME && (await labelWordsInName(page, target))) continue;
      nodes.push(node);
    }
    if (nodes.length > 0) serious.push({ ...violation, nodes });
  }
  const report = serious.flatMap((violation) => [
    `${violation.id} (${violation.impact}): ${violation.help}`,
    ...violation.nodes.map((node) => {
      const why = node.any[0]?.message ?? node.failureSummary ?? '';
      return `  ${node.target.join(' ')} — ${why}`;
    }),
  ]);
  const count = serious.reduce((sum, violation) => sum + violation.nodes.length, 0);
  expect(
    report,
    `${count} serious or critical WCAG violations on ${where}:\n${report.join('\n')}`,
  ).toEqual([]);
}

test('every route of the route table and of the product spec is visited', async () => {
  const visited = new Set(VISITS.map((visit) => visit.route));
  const routes = [...ROUTES.map((route) => route.path), ...SPEC_ROUTES.map(asRoutePath)];
  const missing = routes.filter((path) => !visited.has(path));
  expect(missing, 'routes with no accessibility visit').toEqual([]);
});

for (const visit of VISITS) {
  const where = `${visit.url ?? visit.route} as ${visit.as ?? 'a visitor'}`;
  test(`${where} has no serious WCAG violation`, async ({ page }) => {
    await open(page, visit);
    await expectNoSeriousViolations(page, where);
  });
}

test.describe('open states', () => {
  test('the avatar menu open', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/dashboard');
    await accountMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'the avatar menu');
  });

  test('a toast shown', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/tasks');
    await page.route('**/api/tours/main', (route) => json(route, 500, { error: 'Tour broken' }));
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Restart Tour' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not restart the tour' }),
    ).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'a toast');
  });

  test('a task detail open', async ({ page }) => {
    await openAppAs(page, 'Ben Carter', '/tasks');
    const first = page
      .getByRole('region', { name: 'Tasks', exact: true })
      .getByRole('listitem')
      .first();
    await first.getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why it matters' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'a task detail');
  });

  test('a category of tasks open', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/tasks');
    const organisation = page.getByRole('region', { name: 'Your organisation’s tasks (admin)' });
    await organisation
      .getByRole('button', { name: / open of \d+$/ })
      .first()
      .click();
    await expect(organisation.getByRole('listitem').first()).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'a category of tasks');
  });

  test('the frameworks on the task list, a safeguard and the met ones open, on a small screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAppAs(page, 'Alice Morgan', '/tasks');
    const cis = page.getByRole('region', { name: 'CIS Controls v8 IG1', exact: true });
    await cis.getByRole('button', { name: 'Show the safeguards of CIS Controls v8 IG1' }).click();
    await cis
      .getByRole('button', { name: /^\d+\.\d+ / })
      .first()
      .click();
    const met = cis.getByRole('button', { name: /^Show the \d+ met/ });
    if ((await met.count()) > 0) await met.click();
    await settled(page);
    await expectNoSeriousViolations(page, 'the frameworks on the task list');
  });

  test('the frameworks on the risk hub, a safeguard open', async ({ page }) => {
    await fakeAttackGraph(page);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=frameworks');
    const section = page.getByRole('region', { name: 'Frameworks', exact: true });
    const showButtons = section.getByRole('button', { name: /^Show the safeguards/ });
    // The frameworks arrive after the page; each button opened is renamed "Hide…".
    await expect(showButtons.first()).toBeVisible();
    while ((await showButtons.count()) > 0) await showButtons.first().click();
    await section.getByRole('button', { name: /^Firewalls/ }).click();
    await expect(section.getByRole('link').first()).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'the frameworks on the risk hub');
  });

  test("the demo company's sample report on the risk hub, each part marked", async ({ page }) => {
    await fakeAttackGraph(page);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    const card = page.locator('#riskAnalysis');
    await expect(card.getByRole('button', { name: 'Scan your domain' })).toBeVisible();
    await expect(card.locator('[data-finding]').first()).toContainText('Sample report of');
    await settled(page);
    await expectNoSeriousViolations(page, 'the sample report on the risk hub');
  });

  test('the disconnect confirmation of an integration', async ({ page }) => {
    await integrationsWithFindings().install(page);
    await openAppAs(page, 'Alice Morgan', '/integrations');
    await page.getByRole('button', { name: 'Disconnect Microsoft 365' }).click();
    await expect(page.getByRole('dialog', { name: 'Disconnect Microsoft 365?' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'the disconnect confirmation');
  });

  test('an agent enrollment code with its command, on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAppAs(page, 'Ben Carter', '/agent/download');
    await page.getByRole('button', { name: 'Get an enrollment code' }).click();
    await expect(page.getByRole('button', { name: 'Copy the enrollment command' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'the enrollment command');
  });

  test('devices on Company status: checks open, one stale, one not reported yet', async ({
    page,
  }) => {
    const device = (id: string, name: string, hoursAgo: number | null) => ({
      id,
      name,
      platform: 'win32',
      osVersion: '11 23H2',
      agentVersion: '0.1.0',
      owner: { id: 'u', name: 'Ben Carter', email: 'ben.carter@brightwave.example' },
      enrolledAt: new Date().toISOString(),
      lastReportAt:
        hoursAgo === null ? null : new Date(Date.now() - hoursAgo * 3600_000).toISOString(),
      stale: hoursAgo === null || hoursAgo >= 14 * 24,
      checks: hoursAgo
        ? [
            {
              id: 'disk-encryption',
              verdict: 'pass',
              evidence: 'BitLocker is on.',
              needsAdmin: false,
            },
            {
              id: 'firewall',
              verdict: 'fail',
              evidence: 'The public profile is off.',
              needsAdmin: false,
            },
            { id: 'screen-lock', verdict: 'unknown', evidence: 'Not readable.', needsAdmin: true },
          ]
        : [],
    });
    await page.route('**/api/agent/devices?*', (route) =>
      json(route, 200, {
        devices: [
          device('1', 'BEN-LAPTOP', 3),
          device('2', 'OLD-PC', 500),
          device('3', 'NEW-PC', null),
        ],
        suiteDevices: [],
        devicesUnknown: [{ source: 'm365', reason: 'No Intune licence in this tenant.' }],
      }),
    );
    await openAppAs(page, 'Alice Morgan', '/team-progress');
    await page.getByRole('button', { name: 'Show checks of BEN-LAPTOP' }).click();
    await expect(page.getByRole('list', { name: 'Checks of BEN-LAPTOP' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'the devices on Company status');
  });

  test('the main menu open on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAppAs(page, 'Alice Morgan', '/dashboard');
    await expectNoSeriousViolations(page, 'the small-screen top bar');
    await page.getByRole('button', { name: 'Expand main menu' }).click();
    await expect(mainMenu(page).getByRole('link', { name: 'Overview' })).toBeVisible();
    await settled(page);
    await expectNoSeriousViolations(page, 'the small-screen main menu');
  });

  test.describe('before any cookie choice', () => {
    test.use({ consent: 'none' });

    test('the cookie-consent dialog shown at start', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('dialog', { name: 'Cookies on Castellan' })).toBeVisible();
      await settled(page);
      await expectNoSeriousViolations(page, 'the cookie-consent dialog');
    });
  });
});
