import type { DomainScan } from '@castellan/contract';
import type { Page } from '@playwright/test';
import { expect, json, mainMenu, openAppAs, test } from './helpers';
import {
  emptyAttackGraph,
  fakeAttackGraph,
  fakeOrganizationAnalysis,
  riskAnalysisSummary,
} from './hub-fixtures';
import {
  CHECKS_TOTAL,
  doneScan,
  failedScan,
  organizationAnalysis,
  runningScan,
  SCORE_HISTORY,
} from './scan-fixtures';

const DOMAIN = 'acme-widgets.com';

/**
 * Answers the public scan API for DOMAIN like the server: GET gives the recent scan (404 when
 * there is none), POST starts one. The test moves the scan on by setting `scan.current`.
 */
async function fakePublicScans(page: Page, start: DomainScan | null = null) {
  const scan = { current: start, posts: [] as unknown[], gets: 0 };
  await page.route(`**/api/risk-analysis/public/${DOMAIN}`, (route) => {
    scan.gets += 1;
    return scan.current
      ? json(route, 200, { scan: scan.current })
      : json(route, 404, { error: `There is no recent report for ${DOMAIN}.` });
  });
  await page.route('**/api/risk-analysis/public', (route) => {
    scan.posts.push(route.request().postDataJSON());
    scan.current = runningScan(DOMAIN);
    return json(route, 200, { scan: scan.current });
  });
  return scan;
}

const findingsOf = (page: Page, area: string) =>
  page.getByRole('region', { name: area, exact: true });

test.describe('the public risk analysis', () => {
  test('asks for a domain, explains a mistake, then opens its report', async ({ page }) => {
    await fakePublicScans(page, doneScan(DOMAIN));
    await page.goto('/risk-analysis/public');
    await expect(page).toHaveTitle('Public risk analysis | Castellan');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Public risk analysis' }),
    ).toBeVisible();
    const input = page.getByRole('textbox', { name: 'Domain to analyse' });

    await input.fill('not a domain');
    await page.getByRole('button', { name: 'Analyse' }).click();
    await expect(page.getByText('"not a domain" is not a domain name')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/risk-analysis\/public$/);

    await input.fill(`https://Acme-Widgets.com/contact`);
    await input.press('Enter');
    await expect(page).toHaveURL(`/risk-analysis/public/${DOMAIN}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Risk analysis of ${DOMAIN}` }),
    ).toBeVisible();
  });

  test('starts a scan when there is no recent one and shows its progress live', async ({
    page,
  }) => {
    const scan = await fakePublicScans(page);
    await page.goto(`/risk-analysis/public/${DOMAIN}`);

    const bar = page.getByRole('progressbar', { name: `Analysis of ${DOMAIN}` });
    await expect(bar).toHaveAttribute('aria-valuenow', '14');
    await expect(bar).toHaveAttribute('aria-valuetext', `3 of ${CHECKS_TOTAL} checks done, 14%`);
    const status = page.getByRole('status').filter({ hasText: 'checks done' });
    await expect(status).toHaveText(`3 of ${CHECKS_TOTAL} checks done`);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    expect(scan.posts).toEqual([{ domain: DOMAIN }]);

    // Polled every second while it runs.
    scan.current = runningScan(DOMAIN, 12);
    await expect(status).toHaveText(`12 of ${CHECKS_TOTAL} checks done`);
    await expect(bar).toHaveAttribute('aria-valuenow', '57');

    scan.current = doneScan(DOMAIN);
    await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
    await expect(bar).toHaveCount(0);
    const getsWhenDone = scan.gets;
    await page.waitForTimeout(1500);
    expect(scan.gets, 'no more polling once the scan is done').toBe(getsWhenDone);
    expect(scan.posts).toHaveLength(1);
  });

  test('shows the report: domain grade, caps, areas and findings worst first', async ({ page }) => {
    const scan = await fakePublicScans(page, doneScan(DOMAIN));
    await page.goto(`/risk-analysis/public/${DOMAIN}`);
    await expect(page).toHaveTitle(`Risk analysis of ${DOMAIN} | Castellan`);
    expect(scan.posts, 'a recent report is shown, not scanned again').toEqual([]);

    await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
    // Anonymous visitors see the same name, the domain grade, and no score out of 100.
    await expect(page.getByText('Domain grade D', { exact: true })).toBeVisible();
    await expect(page.getByText(/\/\s?100/)).toHaveCount(0);
    await expect(page.getByText(`8 problems found on ${DOMAIN}`)).toBeVisible();
    await expect(page.getByText('Analysed Nov 21, 2026')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'held down' })).toContainText(
      'Grade D at best: The website’s certificate has expired.',
    );

    const areas = page.getByRole('region', { name: 'Grades by area' });
    await expect(areas.getByRole('progressbar', { name: 'Website encryption' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await expect(areas.getByRole('progressbar', { name: 'Website encryption' })).toHaveAttribute(
      'aria-valuetext',
      'Grade F',
    );
    await expect(areas.getByRole('progressbar', { name: 'DNS security' })).toHaveAttribute(
      'aria-valuetext',
      'No grade: nothing could be tested',
    );
    await expect(areas.getByText('0 checks tested, 2 not tested')).toBeVisible();

    // Problems first, worst severity first; passed checks folded away.
    const web = findingsOf(page, 'Website encryption');
    await expect(web.getByRole('heading', { level: 4 })).toHaveText([
      'The website’s certificate has expired',
      'HSTS is not set',
    ]);
    const expired = web.getByRole('listitem').first();
    await expect(expired).toContainText('Critical');
    await expect(expired.locator('pre')).toHaveText(/valid until 2026-10-02/);
    await expect(expired.locator('pre')).toHaveCSS('font-family', /mono/i);
    await expect(expired).toContainText('What to do');
    await expect(expired).toContainText('Renew the certificate');

    const passed = web.getByRole('button', { name: '3 passed' });
    await expect(passed).toHaveAttribute('aria-expanded', 'false');
    await expect(web.getByText('HTTP redirects to HTTPS')).toBeHidden();
    await passed.click();
    await expect(passed).toHaveAttribute('aria-expanded', 'true');
    await expect(web.getByText('HTTP redirects to HTTPS')).toBeVisible();

    const email = findingsOf(page, 'E-mail authentication');
    await expect(email.getByRole('heading', { level: 4 })).toHaveText([
      'DMARC only monitors (p=none)',
      'No DKIM keys found',
    ]);
    const dns = findingsOf(page, 'DNS security');
    await expect(dns.getByText('No problems found.')).toBeVisible();
    await dns.getByRole('button', { name: '2 not tested' }).click();
    await expect(dns.getByText('DNSSEC could not be tested')).toBeVisible();
    // What was seen is folded under the finding's title.
    await dns.getByText('DNSSEC could not be tested').click();
    await expect(dns.getByText(`The resolver answers SERVFAIL for ${DOMAIN}.`)).toBeVisible();

    const signUp = page.getByRole('link', { name: 'Sign up to fix them' });
    await expect(signUp).toHaveAttribute('href', '/?login=true');
    await signUp.click();
    await expect(page).toHaveURL(/\/\?login=true$/);
    await expect(page.getByRole('region', { name: 'Sign in' })).toBeVisible();
  });

  test('explains a refused domain and offers to try another', async ({ page }) => {
    const refused = 'intranet.example';
    const message = 'Names under .example are not public and cannot be scanned.';
    // Routes added later win: the refusal below takes the POST.
    await fakePublicScans(page, doneScan(DOMAIN));
    await page.route(`**/api/risk-analysis/public/${refused}`, (route) =>
      json(route, 404, { error: `There is no recent report for ${refused}.` }),
    );
    await page.route('**/api/risk-analysis/public', (route) =>
      json(route, 400, { error: message }),
    );

    await page.goto(`/risk-analysis/public/${refused}`);
    await expect(page).toHaveTitle(`Risk analysis of ${refused} | Castellan`);
    const alert = page.getByRole('alert').filter({ hasText: 'This domain cannot be analysed' });
    await expect(alert).toContainText(message);
    await page.getByRole('textbox', { name: 'Try another domain' }).fill(DOMAIN);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await expect(page).toHaveURL(`/risk-analysis/public/${DOMAIN}`);
    await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
    await expect(page).toHaveTitle(`Risk analysis of ${DOMAIN} | Castellan`);
  });

  test('the server refuses a name that is not public (no interception)', async ({ page }) => {
    await page.goto('/risk-analysis/public/files.corp');
    await expect(page.getByRole('alert')).toContainText(
      'Names under .corp are not public and cannot be scanned.',
    );
  });

  test('a failed scan shows why, and Try again scans again', async ({ page }) => {
    const error = `${DOMAIN} does not exist: no DNS records were found.`;
    const scan = await fakePublicScans(page, failedScan(DOMAIN, error));
    await page.goto(`/risk-analysis/public/${DOMAIN}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The analysis failed' });
    await expect(alert).toContainText(error);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('progressbar', { name: `Analysis of ${DOMAIN}` })).toBeVisible();
    expect(scan.posts).toEqual([{ domain: DOMAIN }]);
  });

  test('says so when too many scans are running, and Try again starts one later', async ({
    page,
  }) => {
    const scan = await fakePublicScans(page);
    // The server is full for now: 429, which the app takes as an answer without content.
    let full = true;
    await page.route('**/api/risk-analysis/public', (route) =>
      full
        ? route.fulfill({ status: 429, headers: { 'retry-after': '60' }, body: '' })
        : route.fallback(),
    );
    await page.goto(`/risk-analysis/public/${DOMAIN}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The analysis could not start' });
    await expect(alert).toContainText(
      'Too many scans are running right now; try again in a minute.',
    );

    full = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('progressbar', { name: `Analysis of ${DOMAIN}` })).toBeVisible();
    expect(scan.posts).toEqual([{ domain: DOMAIN }]);
  });

  test('a failed scan tried again while too many run says so', async ({ page }) => {
    await fakePublicScans(page, failedScan(DOMAIN, 'The analysis could not be completed.'));
    await page.route('**/api/risk-analysis/public', (route) =>
      json(route, 429, { error: 'Too many requests' }),
    );
    await page.goto(`/risk-analysis/public/${DOMAIN}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The analysis failed' });
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toContainText(
      'Too many scans are running right now; try again in a minute.',
    );
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await fakePublicScans(page, doneScan(DOMAIN));
    await page.goto(`/risk-analysis/public/${DOMAIN}`);
    await expect(page.getByRole('img', { name: 'Grade D' })).toBeVisible();
    for (const button of await page.getByRole('button', { name: /passed|not tested/ }).all()) {
      await button.click();
    }
    await expect(page.getByText('HTTP redirects to HTTPS')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test.describe("the organisation's risk analysis", () => {
  const ORG = 'brightwave.example';

  test('is in the admin menu; an admin runs the first analysis and sees it', async ({ page }) => {
    const state = organizationAnalysis(ORG, null);
    let posts = 0;
    await page.route('**/api/risk-analysis', (route) => {
      if (route.request().method() === 'POST') {
        posts += 1;
        state.latest = runningScan(ORG);
        return json(route, 202, { scan: state.latest });
      }
      return json(route, 200, state);
    });
    await openAppAs(page, 'Alice Morgan');
    await mainMenu(page).getByRole('link', { name: 'Risk analysis' }).click();
    await expect(page).toHaveURL(/\/risk-analysis$/);
    await expect(page).toHaveTitle('Risk analysis | Castellan');
    await page.getByRole('tab', { name: 'Domain report' }).click();
    await expect(page).toHaveURL(/\/risk-analysis\?tab=report$/);
    const card = page.locator('#riskAnalysis');
    await expect(card).toContainText('No analysis yet — run the first one');

    await page.getByRole('button', { name: 'Run the analysis' }).click();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '14');
    await expect(card.getByRole('status')).toHaveText(`3 of ${CHECKS_TOTAL} checks done`);
    await expect(page.getByRole('button', { name: 'Run the analysis' })).toBeDisabled();
    expect(posts).toBe(1);

    state.latest = doneScan(ORG);
    state.history = SCORE_HISTORY;
    await expect(card.getByRole('img', { name: 'Grade D' })).toBeVisible();
    await expect(card.getByRole('heading', { level: 3, name: 'Findings' })).toBeVisible();
    await page.getByRole('tab', { name: 'Summary' }).click();
    const history = page.getByRole('region', { name: 'Domain grade history' });
    await expect(history.getByRole('img')).toHaveAttribute(
      'aria-label',
      'Domain grade over time: E on Oct 21, 2026, D on Nov 21, 2026',
    );
    await expect(history.getByRole('listitem')).toHaveText([
      /^Nov 21, 2026\s*Grade D$/,
      /^Oct 21, 2026\s*Grade E$/,
    ]);
    await expect(page.getByRole('button', { name: 'Run the analysis' })).toBeEnabled();
  });

  test("shows the demo company's sample report and why its domain cannot be analysed (real server)", async ({
    page,
  }) => {
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    await expect(page.getByRole('note').filter({ hasText: 'Sample report' })).toBeVisible();
    await expect(page.locator('#riskAnalysis')).toContainText('smallco.test');
    await page.getByRole('button', { name: 'Run the analysis' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The analysis could not start' }),
    ).toContainText('Names under .example are not public and cannot be scanned.');
  });

  test('shows a failed analysis with its error', async ({ page }) => {
    const error = 'The scan took longer than its time limit and was stopped.';
    await page.route('**/api/risk-analysis', (route) =>
      json(route, 200, organizationAnalysis(ORG, failedScan(ORG, error))),
    );
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The last analysis failed' }),
    ).toContainText(error);
  });

  test('a member sees the analysis but cannot run it', async ({ page }) => {
    await openAppAs(page, 'Ben Carter', '/risk-analysis?tab=report');
    await expect(page.getByRole('heading', { level: 1, name: 'Risk analysis' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Summary', /^Domain report/]);
    // The demo company's sample report (real server), which a member may read but not rerun.
    await expect(page.getByRole('note').filter({ hasText: 'Sample report' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run the analysis' })).toHaveCount(0);
  });
});

test.describe('the risk hub', () => {
  const ORG = 'brightwave.example';
  const answerAnalysis = (page: Page, latest: DomainScan | null = doneScan(ORG)) =>
    page.route('**/api/risk-analysis', (route) =>
      json(route, 200, organizationAnalysis(ORG, latest, SCORE_HISTORY)),
    );

  test('shows an admin the three most dangerous attack paths and leads to the graph', async ({
    page,
  }) => {
    await answerAnalysis(page);
    await fakeAttackGraph(page);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis');
    const section = page.getByRole('region', { name: 'Top attack paths' });
    await expect(section).toContainText('2 open paths reach your payments and mailboxes');
    const paths = section
      .getByRole('list', { name: 'Most dangerous attack paths' })
      .getByRole('listitem');
    await expect(paths).toHaveCount(3);
    await expect(paths.nth(0)).toContainText('Critical');
    await expect(paths.nth(0)).toContainText(
      'Phishing a mailbox without MFA leads to payment fraud.',
    );
    await expect(paths.nth(0)).toContainText(
      '3 accounts without MFA → Phishing a password → Mailboxes → Payment fraud',
    );
    await expect(paths.nth(2)).toContainText('(not yet checked)');
    await expect(section).not.toContainText('An outdated device is taken over');
    // The report is a tab away.
    await page.getByRole('tab', { name: 'Domain report' }).click();
    await expect(page.locator('#riskAnalysis').getByRole('img', { name: 'Grade D' })).toBeVisible();
    await page.getByRole('tab', { name: 'Summary' }).click();

    await section.getByRole('link', { name: 'Open the attack graph' }).click();
    await expect(page).toHaveURL(/\/risk-analysis\/attack-graph$/);
  });

  test('says when there are no attack paths, and when they could not be loaded', async ({
    page,
  }) => {
    await answerAnalysis(page);
    await fakeAttackGraph(page, emptyAttackGraph());
    await openAppAs(page, 'Alice Morgan', '/risk-analysis');
    const section = page.getByRole('region', { name: 'Top attack paths' });
    await expect(section).toContainText('No attack paths were found');
    await expect(section.getByRole('link', { name: 'Open the attack graph' })).toBeVisible();

    await page.unroute('**/api/risk-analysis/attack-graph');
    await fakeAttackGraph(page, null);
    await page.reload();
    await expect(
      section.getByRole('alert').filter({ hasText: 'Could not load the attack paths' }),
    ).toContainText('The graph is resting.');
  });

  test('shows identity and device posture: open, not yet checked and closed', async ({ page }) => {
    await answerAnalysis(page);
    await fakeAttackGraph(page);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis');
    const posture = page.getByRole('region', { name: 'Identity and devices' });
    const identity = posture.getByRole('region', { name: 'Identity' });
    const devices = posture.getByRole('region', { name: 'Devices' });
    const item = (group: typeof identity, name: string) =>
      group.getByRole('listitem').filter({ hasText: name }).first();

    const noMfa = item(identity, 'Accounts without multi-factor sign-in');
    await expect(noMfa).toContainText('Open');
    await expect(noMfa).toContainText('3 accounts without MFA');
    await expect(noMfa.getByRole('list', { name: /^Evidence/ }).getByRole('listitem')).toHaveText([
      'ann@brightwave.example signs in with a password only',
      'bob@brightwave.example signs in with a password only',
    ]);
    for (const name of ['Unused accounts still active', 'Administrator sign-ins']) {
      await expect(item(identity, name)).toContainText('Closed');
      await expect(item(identity, name)).toContainText('No open way in was found here.');
    }

    const encryption = item(devices, 'Devices without disk encryption');
    await expect(encryption).toContainText('Not yet checked');
    await expect(encryption).not.toContainText(/safe|Closed/);
    const reveal = encryption.getByRole('link', {
      name: 'Install the agent to check your devices',
    });
    await expect(reveal).toHaveAttribute('href', '/agent/download');
    await expect(item(devices, 'Devices with outdated software')).toContainText('Not yet checked');
  });

  test('shows the expected breach cost with its range and what lowers it most', async ({
    page,
  }) => {
    await answerAnalysis(page);
    await fakeAttackGraph(page);
    await fakeOrganizationAnalysis(page, riskAnalysisSummary());
    await openAppAs(page, 'Alice Morgan', '/risk-analysis');
    const cost = page.getByRole('region', { name: 'Expected breach cost' });
    await expect(cost.getByTestId('breachCost')).toHaveText('$2,400,000');
    await expect(cost.getByTestId('breachCostRange')).toHaveText(
      'Range: $1,200,000 (low) – $2,400,000 (expected) – $4,100,000 (high)',
    );
    await expect(cost.getByTestId('biggestReduction')).toHaveText(
      'What lowers it most: Turn on MFA for every account (−$450,000)',
    );
    await expect(cost.getByRole('link', { name: 'Turn on MFA for every account' })).toHaveAttribute(
      'href',
      '/tasks',
    );
  });

  test('falls back to the default breach cost without an analysis', async ({ page }) => {
    await answerAnalysis(page, null);
    await fakeAttackGraph(page);
    await fakeOrganizationAnalysis(page, null);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis');
    const cost = page.getByRole('region', { name: 'Expected breach cost' });
    await expect(cost.getByTestId('breachCost')).toHaveText('$4,880,000');
    await expect(cost).toContainText('until a risk analysis');
    await expect(cost.getByTestId('breachCostRange')).toHaveCount(0);
  });

  test('marks a sample report in every part and offers to scan the domain', async ({ page }) => {
    await answerAnalysis(page, { ...doneScan('smallco.test'), sample: true });
    await fakeAttackGraph(page);
    await fakeOrganizationAnalysis(page, null);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    await expect(page.getByRole('tab', { name: /^Domain report/ })).toContainText('Sample');
    const card = page.locator('#riskAnalysis');
    const banner = card.getByRole('note').filter({ hasText: 'Sample report' });
    await expect(banner).toContainText('recorded scan of a test domain, not of your own domain');
    // In the app each area is folded to one line: the findings are there, closed.
    const findings = card.locator('[data-finding]');
    await expect(findings.first()).toBeAttached();
    for (const finding of await findings.all()) {
      await expect(finding).toContainText('Sample report of smallco.test — not your domain');
    }
    // The sample is no analysis of the organisation: the breach cost stays the default.
    await page.getByRole('tab', { name: 'Summary' }).click();
    await expect(
      page.getByRole('region', { name: 'Expected breach cost' }).getByTestId('breachCost'),
    ).toHaveText('$4,880,000');
    await page.getByRole('tab', { name: /^Domain report/ }).click();
    // Its call to action scans the organisation's own domain.
    let started = false;
    await page.route('**/api/risk-analysis', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      started = true;
      return json(route, 200, { ...doneScan(ORG), state: 'running', report: null });
    });
    await banner.getByRole('button', { name: 'Scan your domain' }).click();
    await expect.poll(() => started).toBe(true);
  });

  test('a real report has no sample banner', async ({ page }) => {
    await answerAnalysis(page);
    await fakeAttackGraph(page);
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    await expect(page.locator('#riskAnalysis').getByRole('img', { name: 'Grade D' })).toBeVisible();
    await expect(page.getByText('Sample report', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Domain report', exact: true })).toBeVisible();
  });

  test('a member sees the report and the cost without the attack paths', async ({ page }) => {
    await answerAnalysis(page);
    const graph = await fakeAttackGraph(page);
    await openAppAs(page, 'Ben Carter', '/risk-analysis?tab=report');
    await expect(page.locator('#riskAnalysis').getByRole('img', { name: 'Grade D' })).toBeVisible();
    await page.getByRole('tab', { name: 'Summary' }).click();
    await expect(page.getByRole('region', { name: 'Expected breach cost' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Top attack paths' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Identity and devices' })).toHaveCount(0);
    expect(graph.count).toBe(0);
  });

  test('fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await answerAnalysis(page);
    await fakeAttackGraph(page);
    await fakeOrganizationAnalysis(page, riskAnalysisSummary());
    await openAppAs(page, 'Alice Morgan', '/risk-analysis');
    await expect(page.getByRole('region', { name: 'Identity and devices' })).toContainText('Open');
    await expect(page.getByTestId('breachCostRange')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
