import type { Page } from '@playwright/test';
import { expect, openAppAs, openTask, test } from './helpers';
import { currentStack } from './stack';

// Apps with access: the fake Google's workspace holds people's grants to outside apps
// (tokens.list); the real connect flow and sync read them, and the review-third-party-apps task
// fails while an app that reads mail is not approved. Changes only this spec's copy of the data.

const GOOGLE = () => currentStack().fakes.gws;
const DOMAIN = 'brightwave.example';
const G = 'https://www.googleapis.com/auth/';
const person = (given: string, family: string) => ({
  email: `${given}.${family}@${DOMAIN}`.toLowerCase(),
  givenName: given,
  familyName: family,
});

const WORKSPACE = {
  domain: DOMAIN,
  users: [
    { ...person('Alice', 'Morgan'), isAdmin: true, enrolledIn2Sv: true },
    { ...person('Ben', 'Carter'), enrolledIn2Sv: true },
    { ...person('Chloe', 'Davies'), enrolledIn2Sv: true },
  ],
  loginFailures: [],
  driveEvents: [],
  tokens: [
    ...['chloe.davies', 'ben.carter'].map((who) => ({
      email: `${who}@${DOMAIN}`,
      clientId: '408151623421-acmecrm7q2k.apps.googleusercontent.com',
      displayText: 'Acme CRM',
      scopes: [`${G}gmail.readonly`, 'openid'],
    })),
    {
      email: `alice.morgan@${DOMAIN}`,
      clientId: '655102987730-pinboard2x.apps.googleusercontent.com',
      displayText: 'Pinboard Notes',
      scopes: ['openid', `${G}userinfo.email`],
    },
  ],
};

const appsSection = (page: Page) =>
  page.getByRole('region', { name: 'Apps with access to company data' });
const appRow = (page: Page, name: string) =>
  appsSection(page).getByRole('row').filter({ hasText: name });
const gwsCard = (page: Page) =>
  page
    .getByRole('list', { name: 'Integrations' })
    .getByRole('listitem', { name: 'Google Workspace' });
const appsCheck = (page: Page) =>
  gwsCard(page)
    .getByRole('list', { name: 'Security checks of Google Workspace' })
    .getByRole('listitem')
    .filter({ has: page.getByText('Apps with access', { exact: true }) });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const world = await request.post(`${GOOGLE()}/__fake/world`, { data: WORKSPACE });
  expect(world.ok(), 'the fake Google takes the test workspace').toBe(true);
});

test('an administrator sees the apps with access, approves the mail reader, and the task passes', async ({
  page,
}) => {
  await openAppAs(page, 'Alice Morgan', '/integrations');
  await gwsCard(page)
    .getByRole('button', { name: /^(Connect|Reconnect) Google Workspace$/ })
    .click();
  await expect(page.getByLabel('Email')).toHaveValue(`alice.morgan@${DOMAIN}`);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/integrations$/);

  // The first sync reads each person's grants; the section lists them with plain words.
  const crm = appRow(page, 'Acme CRM');
  await expect(crm).toBeVisible({ timeout: 30_000 });
  await expect(crm).toContainText(/mail/i);
  await expect(crm).toContainText('2');
  await expect(appRow(page, 'Pinboard Notes')).toBeVisible();
  await expect(appsCheck(page)).toContainText('Failed');

  // The vendor list is a CSV download with every app.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    appsSection(page).getByRole('link', { name: 'Download vendor list (CSV)' }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text).toContain('Acme CRM');
  expect(text).toContain('Pinboard Notes');

  // The task says which app holds mail access without approval.
  const { checks } = await openTask(page, 'Control which apps can access company data');
  await expect(checks.getByText(/Acme CRM/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Approving it passes the check and the task.
  await page.goto('/integrations');
  await appRow(page, 'Acme CRM').getByRole('button', { name: 'Approve Acme CRM' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve Acme CRM?' });
  await confirm.getByLabel('Note (optional)').fill('Sales CRM, owned by Chloe');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(
    appRow(page, 'Acme CRM').getByRole('button', { name: 'Remove the approval of Acme CRM' }),
  ).toBeVisible();
  await expect(appsCheck(page)).toContainText('Passed');
  await expect(
    appRow(page, 'Acme CRM').getByRole('link', { name: /Remove Acme CRM in Google/ }),
  ).toHaveAttribute('href', /^https:\/\/admin\.google\.com\//);
});

test('a member sees no apps list', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/integrations');
  await expect(gwsCard(page)).toBeVisible();
  await expect(appsSection(page)).toHaveCount(0);
});
