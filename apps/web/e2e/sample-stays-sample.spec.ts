import type { Page } from '@playwright/test';
import { loadSampleReport } from '../../server/src/demo/sample-report';
import { expect, openAppAs, openEveryReportArea, openTaskCategories, test } from './helpers';

// The demo company Brightwave on the real server: its only report is the stored sample, a
// recorded scan of smallco.test. Wherever it shows, each element says it is a sample; nothing
// drawn from it reads as a fact about the company.

const report = loadSampleReport();
const MARK = `Sample report of ${report.domain} — not your domain`;
const failing = report.findings.filter((f) => f.status === 'fail');

/** No text of the sample's problems anywhere on the page. */
async function expectNoSampleFinding(page: Page) {
  const body = page.locator('main');
  await expect(body).toBeVisible();
  for (const f of failing) await expect(body).not.toContainText(f.title);
  await expect(body).not.toContainText(report.domain);
}

test.describe('the sample report stays a sample', () => {
  test('on the risk analysis, each of its parts says so', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    await expect(page.getByRole('tab', { name: /^Domain report/ })).toContainText('Sample');
    const card = page.locator('#riskAnalysis');
    await expect(card.getByRole('note').filter({ hasText: 'Sample report' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Scan your domain' })).toBeVisible();
    await expect(card.getByText(MARK).first()).toBeVisible();
    const findings = card.locator('[data-finding]');
    expect(await findings.count()).toBe(report.findings.length);
    for (const finding of await findings.all()) await expect(finding).toContainText(/sample/i);
    for (const area of await card.locator('[data-area]').all()) {
      await expect(area).toContainText(/sample/i);
    }
    // No score history and no breach cost of the company's own come from it.
    await page.getByRole('tab', { name: 'Summary' }).click();
    await expect(page.getByRole('region', { name: 'Score history' })).toHaveCount(0);
    const cost = page.getByRole('region', { name: 'Expected breach cost' });
    await expect(cost.getByTestId('breachCost')).toHaveText('$4,880,000');
    await expect(cost).toContainText('until a risk analysis');
  });

  test('its marks fit a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openAppAs(page, 'Alice Morgan', '/risk-analysis?tab=report');
    const card = page.locator('#riskAnalysis');
    await expect(card.locator('[data-finding]').first()).toContainText(MARK);
    // Each area opens from its line, then what passed or was not tested.
    await openEveryReportArea(card);
    await expect(card.locator('[data-finding]').last()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  test('the attack graph has no finding of it and waits for a scan', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/risk-analysis/attack-graph');
    const graph = page.getByRole('region', { name: 'Attack graph', exact: true });
    const spoofable = graph.getByRole('button', { name: /^Entry point: Spoofable domain,/ });
    await spoofable.click();
    const panel = page.getByRole('dialog');
    await expect(
      panel.getByRole('link', { name: 'Run a risk analysis of your domain' }),
    ).toBeVisible();
    await expect(panel).not.toContainText(/sample/i);
    await page.keyboard.press('Escape');
    await expectNoSampleFinding(page);
  });

  test('tasks hold no domain scan evidence', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/tasks');
    await openTaskCategories(page);
    // The task the sample's DMARC finding used to hold open.
    await expect(page.getByText('Stop e-mail spoofing with DMARC').first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Domain scan found');
    await expect(page.locator('main')).not.toContainText('Checked by Domain scan');
  });

  test('the dashboard shows nothing of it', async ({ page }) => {
    await openAppAs(page, 'Alice Morgan', '/dashboard');
    const cost = page.getByRole('region', { name: 'Expected breach cost' });
    await expect(cost.getByTestId('breachCost')).toHaveText('$4,880,000');
    await expectNoSampleFinding(page);
  });
});
