import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

// The attack graph against the real server: the demo company Tidewater (Microsoft, nothing
// connected), whose only domain report is the stored sample, which is no evidence. Completing a task changes its data, which no other
// spec file sees (each starts from its own copy of the demo data).

const PAGE = '/risk-analysis/attack-graph';
const ADMIN = 'Olivia Parker';
const MEMBER = 'Liam Brooks';
const ADMIN_SIGN_IN = 'Admins without phishing-resistant sign-in';

const graphView = (page: Page) => page.getByRole('region', { name: 'Attack graph', exact: true });
const entryNode = (page: Page, label: string) =>
  graphView(page).getByRole('button', { name: new RegExp(`^Entry point: ${label},`) });
const pathList = (page: Page) => page.getByRole('list', { name: 'Attack paths' });
const openPaths = (page: Page) =>
  page.getByRole('list', { name: 'Counts' }).getByRole('listitem').first();

test.describe('the attack graph of the demo company', () => {
  test('takes nothing from its sample report: the domain stays unknown until a scan', async ({
    page,
  }) => {
    await openAppAs(page, ADMIN, PAGE);
    await expect(graphView(page)).toBeVisible();
    await entryNode(page, 'Spoofable domain').click();
    const panel = page.getByRole('dialog');
    // No finding of the sample is evidence here, and nothing holds the DMARC task open.
    await expect(panel).not.toContainText('DMARC only monitors (p=none)');
    await expect(
      panel.getByRole('link', { name: 'Run a risk analysis of your domain' }),
    ).toHaveAttribute('href', '/risk-analysis');
    await expect(panel.getByRole('button', { name: 'Mark as done' })).toBeEnabled();
    await page.keyboard.press('Escape');

    // Nothing has looked at the accounts yet: unknown, with what would reveal them.
    await entryNode(page, 'Accounts without MFA').click();
    await expect(
      panel.getByRole('link', { name: 'Connect Google Workspace or Microsoft 365' }),
    ).toHaveAttribute('href', '/integrations');
  });

  test('the same paths as an ordered list, most dangerous first', async ({ page }) => {
    await openAppAs(page, ADMIN, PAGE);
    await page.getByRole('radiogroup', { name: 'View' }).getByText('List', { exact: true }).click();
    const first = pathList(page).getByRole('listitem').first();
    // Nothing has looked at the accounts yet: the worst path is still only unknown.
    await expect(first).toContainText('Critical');
    await expect(first).toContainText('Accounts without MFA');
    await expect(first).toContainText('Company files');
    await expect(first).toContainText('phished password opens the shared drive');
  });

  test("completing an entry point's task from its panel removes its paths", async ({ page }) => {
    await openAppAs(page, ADMIN, PAGE);
    await expect(entryNode(page, ADMIN_SIGN_IN)).toBeVisible();
    const before = await pathList(page).getByRole('listitem').count();
    await entryNode(page, ADMIN_SIGN_IN).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as done' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Task completed' })).toBeVisible();
    await expect(entryNode(page, ADMIN_SIGN_IN)).toHaveCount(0);
    await expect(pathList(page).getByRole('listitem')).toHaveCount(before - 2);
    // Without a scan or a connected suite nothing is known to be open, before or after.
    await expect(openPaths(page)).toHaveText(/^0\s*open paths$/);

    // The server agrees after a reload.
    await page.reload();
    await expect(graphView(page)).toBeVisible();
    await expect(entryNode(page, ADMIN_SIGN_IN)).toHaveCount(0);
  });

  test('a member is kept out', async ({ page }) => {
    await openAppAs(page, MEMBER, PAGE);
    await expect(page.getByRole('alert')).toContainText(
      'Only administrators can see the attack graph',
    );
    await expect(graphView(page)).toHaveCount(0);
  });
});
