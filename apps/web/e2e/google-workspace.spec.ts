import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';
import { currentStack } from './stack';

// The real connect flow: the app's server talks to the fake Google the browser tests start
// (in the worker's process, see stack.ts). It changes the demo company's data, which no other
// spec file sees (each starts from its own copy).

const GOOGLE = () => currentStack().fakes.gws;
const DOMAIN = 'brightwave.example';
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** Alice and Ben use 2-Step Verification, Grace does not; one account is stale; two super admins. */
const WORKSPACE = {
  domain: DOMAIN,
  users: [
    {
      email: `alice.morgan@${DOMAIN}`,
      givenName: 'Alice',
      familyName: 'Morgan',
      isAdmin: true,
      enrolledIn2Sv: true,
    },
    { email: `ben.carter@${DOMAIN}`, givenName: 'Ben', familyName: 'Carter', enrolledIn2Sv: true },
    {
      email: `grace.hughes@${DOMAIN}`,
      givenName: 'Grace',
      familyName: 'Hughes',
      enrolledIn2Sv: false,
    },
    {
      email: `it.desk@${DOMAIN}`,
      givenName: 'IT',
      familyName: 'Desk',
      isAdmin: true,
      enrolledIn2Sv: true,
    },
    {
      email: `former.intern@${DOMAIN}`,
      givenName: 'Former',
      familyName: 'Intern',
      lastLogin: ago(120),
    },
  ],
  loginFailures: [1, 3, 6, 9, 40].map((d) => ({ email: `grace.hughes@${DOMAIN}`, time: ago(d) })),
  driveEvents: [],
};

const gwsCard = (page: Page) =>
  page
    .getByRole('list', { name: 'Integrations' })
    .getByRole('listitem', { name: 'Google Workspace' });

/** From the Integrations page through the fake Google's consent screen and back. */
async function connectGoogle(page: Page, options: { leaveOut?: RegExp } = {}) {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const card = gwsCard(page);
  await card.getByRole('button', { name: /^(Connect|Reconnect) Google Workspace$/ }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the fake Google' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(`alice.morgan@${DOMAIN}`);
  if (options.leaveOut) await page.getByLabel(options.leaveOut).uncheck();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const world = await request.post(`${GOOGLE()}/__fake/world`, { data: WORKSPACE });
  expect(world.ok(), 'the fake Google takes the test workspace').toBe(true);
});

test('an admin connects Google Workspace and sees what it found', async ({ page }) => {
  await connectGoogle(page);
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByText('Google Workspace connected')).toBeVisible();
  const card = gwsCard(page);
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();

  // The first sync runs in the background; the page follows it.
  await expect(page.getByTestId('superAdminCount')).toHaveText('2', { timeout: 30_000 });
  const stale = page.getByRole('table', { name: 'Stale accounts' });
  await expect(stale.getByRole('row', { name: /Former Intern/ })).toBeVisible();

  // The enrolled members' two-step verification tasks are done, Grace's is open.
  await openAppAs(page, 'Ben Carter', '/tasks');
  const bens = (await (await page.request.get('/api/actions')).json()).tasks as {
    catalogueId: string;
  }[];
  expect(bens.find((t) => t.catalogueId === 'enable-mfa')).toMatchObject({
    isCompleted: true,
    completedBy: 'Google Workspace',
  });

  await openAppAs(page, 'Grace Hughes', '/tasks');
  const open = page
    .getByRole('region', { name: 'Tasks', exact: true })
    .getByRole('listitem', { name: 'Turn on two-step verification' });
  await expect(open).toContainText('Google Workspace found this is not done yet');

  // The dashboard's stopped attacks come from the Reports API: four failed logins in 30 days.
  await openAppAs(page, 'Alice Morgan', '/dashboard');
  const organization = await (await page.request.get('/api/organization')).json();
  const { failed_logins, blocked_spam } = organization.metrics.stopped_attacks;
  expect(failed_logins).toBe(4);
  await expect(page.getByTestId('stoppedAttacksTotal')).toHaveText(
    (failed_logins + blocked_spam).toLocaleString('en-US'),
  );
});

test('a member asks to allow a domain; the admin approves one request and denies another', async ({
  page,
}) => {
  await openAppAs(page, 'Ben Carter', '/integrations');
  for (const value of ['partner-agency.example', 'unknown-party.example']) {
    const asked = await page.request.post('/api/integrations/google-workspace/allow-list/request', {
      data: { type: 'domain', value },
    });
    expect(asked.status()).toBe(200);
  }
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const requests = page.getByRole('region', { name: /requests/i });
  await expect(
    requests.getByRole('button', { name: 'Approve partner-agency.example' }),
  ).toBeVisible();
  await requests.getByRole('button', { name: 'Approve partner-agency.example' }).click();
  await requests.getByRole('button', { name: 'Deny unknown-party.example' }).click();
  await expect(requests.getByRole('button', { name: /Approve|Deny/ })).toHaveCount(0);
  const list = await (
    await page.request.get('/api/integrations/google-workspace/allow-list')
  ).json();
  expect(list.approved.domains.map((d: { domain: string }) => d.domain)).toContain(
    'partner-agency.example',
  );
  expect(list.pending.domains).toEqual([]);
});

test('a revoked grant shows the token problem with Reconnect', async ({ page, request }) => {
  await request.post(`${GOOGLE()}/__fake/revoke-all`);
  await request.post(`${GOOGLE()}/__fake/expire-access-tokens`);
  await openAppAs(page, 'Alice Morgan', '/integrations');
  const card = gwsCard(page);
  await card.getByRole('button', { name: 'Sync now: Google Workspace' }).click();
  await expect(card.getByText('Token expired or revoked')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('button', { name: 'Reconnect Google Workspace' })).toBeEnabled();
});

test('a permission left out on the consent screen shows what is missing', async ({ page }) => {
  await connectGoogle(page, { leaveOut: /View audit reports/ });
  await expect(page).toHaveURL(/\/integrations\?googleWorkspacePermissionsRequired=true$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'super administrator' }).first(),
  ).toBeVisible();
  await expect(gwsCard(page).getByText('Permissions missing', { exact: true })).toBeVisible();
});
