import type { Page } from '@playwright/test';
import { expect, openAppAs, openTask, test } from './helpers';
import { currentStack } from './stack';

// The real Microsoft 365 connect flow: the app's server talks to the fake Microsoft the browser
// tests start (tenant tidewater.example, in the worker's process: see stack.ts). It changes the
// demo company's data, which no other spec file sees (each starts from its own copy).

const MICROSOFT = () => currentStack().fakes.m365;
const DOMAIN = 'tidewater.example';
const email = (given: string, family: string) => `${given}.${family}@${DOMAIN}`.toLowerCase();

const m365Card = (page: Page) =>
  page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name: 'Microsoft 365' });
const checkBadge = (page: Page, check: string) =>
  m365Card(page)
    .getByRole('list', { name: 'Security checks of Microsoft 365' })
    .getByRole('listitem')
    .filter({ has: page.getByText(check, { exact: true }) });

/** Tells the fake Microsoft something over its test controls (microsoft/control-api.ts). */
async function control(page: Page, path: string, data: unknown = {}) {
  const answer = await page.request.post(`${MICROSOFT()}/__fake/${path}`, { data });
  expect(answer.ok(), `the fake Microsoft takes ${path}`).toBe(true);
}

/** From the card through the fake's sign-in-and-consent page and back to /integrations. */
async function consentAsOlivia(page: Page, button: 'Connect' | 'Reconnect') {
  await m365Card(page)
    .getByRole('button', { name: `${button} Microsoft 365` })
    .click();
  await expect(page.getByRole('heading', { name: 'Permissions requested' })).toBeVisible();
  // The server's login_hint picks the signed-in administrator.
  await expect(page.getByLabel('Account').locator('option:checked')).toContainText(
    email('Olivia', 'Parker'),
  );
  await page.getByLabel('Consent on behalf of your organization').check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByText('Microsoft 365 connected')).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const reset = await request.post(`${MICROSOFT()}/__fake/reset`, { data: {} });
  expect(reset.ok(), 'the fake Microsoft starts over').toBe(true);
});

test('an admin connects Microsoft 365 and sees what the first sync found', async ({ page }) => {
  await openAppAs(page, 'Olivia Parker', '/integrations');
  await expect(m365Card(page).getByText('Not connected', { exact: true })).toBeVisible();
  await consentAsOlivia(page, 'Connect');
  const card = m365Card(page);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();

  // The first sync runs in the background; the page follows it.
  const findings = page.getByRole('region', { name: 'Microsoft 365 findings' });
  await expect(findings).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('lastSync')).toHaveText(
    /^Last sync: \d+ users read, \d+ checks? passed, \d+ failed\.$/,
  );
  await expect(
    findings.getByRole('alert').filter({ hasText: 'MFA is not required for everyone' }),
  ).toBeVisible();
  await expect(findings.getByTestId('globalAdminCount')).toHaveText('2');
  const admins = findings.getByRole('list', { name: 'Global Administrators' });
  await expect(admins.getByRole('listitem')).toHaveCount(2);
  await expect(admins).toContainText(email('Olivia', 'Parker'));
  await expect(admins).toContainText(`it-admin@${DOMAIN}`);
  const stale = findings.getByRole('table', { name: 'Stale accounts' });
  const omar = stale.getByRole('row', { name: /Omar Haddad/ });
  await expect(omar).toContainText(email('Omar', 'Haddad'));
  const lastSignIn = Date.parse((await omar.locator('time').getAttribute('datetime')) ?? '');
  expect(Math.round((Date.now() - lastSignIn) / 86_400_000), 'days since Omar signed in').toBe(150);
  await expect(stale.getByRole('row', { name: /Maya Chen|Liam Brooks|Olivia Parker/ })).toHaveCount(
    0,
  );
  // Each check with its result: Maya has no second method, Omar's account is unused.
  for (const check of ['MFA registration', 'MFA enforced', 'Unused accounts']) {
    await expect(checkBadge(page, check)).toContainText('Failed');
  }
  await expect(checkBadge(page, 'Global Administrators')).toContainText('Passed');
  // Of the tenant's active members only Olivia, Liam, Maya and Omar are in Castellan: the IT admin
  // account and the 16 enabled members the fake generates (seed 14) are not.
  await expect(card.getByTestId('notInCastellan')).toHaveText(
    '17 people in Microsoft 365 are not in Castellan — invite them',
  );
});

test('the sync judges each member’s MFA task and says so on the progress pages', async ({
  page,
}) => {
  await openAppAs(page, 'Olivia Parker', '/team-progress');
  const tasks = (
    (await (await page.request.get('/api/actions?scope=organization')).json()) as {
      tasks: {
        catalogueId: string;
        user: string;
        isCompleted: boolean;
        evidence: { source: string; verdict: string }[];
      }[];
    }
  ).tasks;
  const mfaOf = (user: string) =>
    tasks.find((t) => t.catalogueId === 'enable-mfa' && t.user.toLowerCase() === user);
  expect(mfaOf(email('Maya', 'Chen'))).toMatchObject({
    isCompleted: false,
    evidence: [expect.objectContaining({ source: 'm365', verdict: 'fail' })],
  });
  expect(mfaOf(email('Liam', 'Brooks'))).toMatchObject({
    isCompleted: true,
    evidence: [expect.objectContaining({ source: 'm365', verdict: 'pass' })],
  });

  const employees = page.getByRole('table', { name: 'Employees' });
  for (const name of ['Liam Brooks', 'Maya Chen']) {
    await expect(employees.getByRole('row', { name: new RegExp(name) })).toContainText(
      'Microsoft 365',
    );
  }

  await page.goto('/dashboard');
  // The Group carries aria-label without a role (DashboardPage.tsx), so no 'group' role to find.
  await expect(page.getByLabel('Your tasks are checked by')).toContainText('Microsoft 365');
});

test('without Entra ID P1 the checks that need it say so and the connection stays', async ({
  page,
}) => {
  await control(page, 'premium', { premium: false });
  try {
    await openAppAs(page, 'Olivia Parker', '/integrations');
    const card = m365Card(page);
    await card.getByRole('button', { name: 'Sync now: Microsoft 365' }).click();
    for (const check of ['MFA registration', 'Unused accounts']) {
      await expect(checkBadge(page, check)).toContainText('needs Entra ID P1', {
        timeout: 20_000,
      });
    }
    await expect(checkBadge(page, 'MFA enforced')).toContainText('Failed');
    // The plan, read from the tenant's subscriptions, and the free way instead of each check.
    await expect(card).toContainText(
      'Plan: Microsoft 365 Business Standard (no Entra ID P1, no Intune)',
    );
    await expect(checkBadge(page, 'MFA registration')).toContainText(
      'Microsoft 365 Business Standard does not include Entra ID P1. The free way: turn on Security Defaults',
    );
    await expect(checkBadge(page, 'Unused accounts')).toContainText(
      'Reports → Usage → Active users',
    );
    await expect(checkBadge(page, 'MFA enforced')).toContainText(
      'Security Defaults, free on every plan, enforce MFA for everyone instead.',
    );
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText('The last sync failed')).toHaveCount(0);
    const findings = page.getByRole('region', { name: 'Microsoft 365 findings' });
    const stale = findings.getByRole('region', { name: 'Stale accounts' });
    await expect(stale.getByRole('alert').filter({ hasText: 'Needs Entra ID P1' })).toBeVisible();
    await expect(stale.getByRole('table')).toHaveCount(0);

    // The task the check would decide explains the same in its view.
    const { dialog } = await openTask(page, 'Remove accounts nobody uses any more');
    const plan = dialog.getByRole('region', { name: 'What your plan allows' });
    await expect(plan.getByText('Microsoft 365: Unused accounts')).toBeVisible();
    await expect(plan).toContainText('Reports → Usage → Active users');
    await page.keyboard.press('Escape');
  } finally {
    await control(page, 'premium', { premium: true });
  }
  // With Business Premium, the card says so and the notes go.
  await page.goto('/integrations');
  await m365Card(page).getByRole('button', { name: 'Sync now: Microsoft 365' }).click();
  await expect(m365Card(page)).toContainText(
    'Plan: Microsoft 365 Business Premium (Entra ID P1, Intune)',
    { timeout: 20_000 },
  );
  await expect(m365Card(page)).not.toContainText('does not include Entra ID P1');
});

test('an expired grant shows the token problem, and Reconnect mends it', async ({ page }) => {
  await control(page, 'expire-tokens');
  await openAppAs(page, 'Olivia Parker', '/integrations');
  const card = m365Card(page);
  await card.getByRole('button', { name: 'Sync now: Microsoft 365' }).click();
  await expect(card.getByText('Token expired or revoked')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('button', { name: 'Reconnect Microsoft 365' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Sync now: Microsoft 365' })).toHaveCount(0);

  await consentAsOlivia(page, 'Reconnect');
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(card.getByText('Token expired or revoked')).toHaveCount(0);
});

test('an admin disconnects Microsoft 365', async ({ page }) => {
  await openAppAs(page, 'Olivia Parker', '/integrations');
  const card = m365Card(page);
  // A sync queued by the reconnect may still be running: let it finish first.
  await expect(card.getByRole('button', { name: 'Sync now: Microsoft 365' })).toBeEnabled({
    timeout: 20_000,
  });
  await card.getByRole('button', { name: 'Disconnect Microsoft 365' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Microsoft 365?' });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Microsoft 365 disconnected')).toBeVisible();
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Microsoft 365 findings' })).toHaveCount(0);
});
