import { hostname } from 'node:os';
import type { Page } from '@playwright/test';
import { enrollAndReport, expect, openAppAs, openTask, test } from './helpers';
import { currentStack } from './stack';

// The devices the office suites manage, beside the agent's: Intune's through the fake Microsoft
// (Tidewater, microsoft/demo-world.ts) and Google's phones and Chromebooks through the fake Google
// (Brightwave, google/demo-world.ts). Each demo organisation connects its suite here, so this file
// changes their data, which no other spec file sees (each starts from its own copy).

const MICROSOFT = () => currentStack().fakes.m365;
const TIDEWATER = 'tidewater.example';
/** Intune names Olivia's laptop after the machine the fake runs on: this one. */
const OLIVIAS_LAPTOP = hostname();
const DISK_TASK = 'Encrypt your computer’s disk';
const PHONE_TASK = 'Lock and update your phone';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "30 Nov", as the evidence names the day of each source's report. */
const DAY = String.raw`\d{1,2} [A-Z][a-z]{2}`;

type Task = {
  catalogueId: string;
  isCompleted: boolean;
  evidence: { source: string; verdict: string; detail: string | null }[];
};

const card = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name });
/** Company status's list of every device, each device once. */
const devicesList = (page: Page) =>
  page.getByRole('region', { name: 'Devices', exact: true }).getByRole('list', { name: 'Devices' });
const device = (page: Page, name: string) =>
  devicesList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function myTask(page: Page, catalogueId: string): Promise<Task | undefined> {
  const response = await page.request.get('/api/actions?scope=mine');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tasks: Task[] }).tasks.find(
    (t) => t.catalogueId === catalogueId,
  );
}

test.describe.configure({ mode: 'serial' });

test.describe('Intune', () => {
  test.beforeAll(async ({ request }) => {
    const reset = await request.post(`${MICROSOFT()}/__fake/reset`, { data: {} });
    expect(reset.ok(), 'the fake Microsoft starts over').toBe(true);
  });

  test('an admin connects Microsoft 365 and the first sync reads Intune’s devices', async ({
    page,
  }) => {
    await openAppAs(page, 'Olivia Parker', '/integrations');
    const m365 = card(page, 'Microsoft 365');
    await m365.getByRole('button', { name: 'Connect Microsoft 365' }).click();
    await expect(page.getByRole('heading', { name: 'Permissions requested' })).toBeVisible();
    await expect(page.getByLabel('Account').locator('option:checked')).toContainText(
      `olivia.parker@${TIDEWATER}`,
    );
    await page.getByLabel('Consent on behalf of your organization').check();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByText('Microsoft 365 connected')).toBeVisible();
    await expect(m365.getByTestId('lastSync')).toBeVisible({ timeout: 20_000 });

    // Company status lists the devices Intune manages, with their source and last report.
    await page.goto('/team-progress');
    const maya = device(page, 'MAYA-PC');
    await expect(maya).toContainText('Windows 10.0.19045.5131 · Maya Chen', { timeout: 20_000 });
    await expect(maya).toContainText(/Reported by Intune \(last report .+ ago\)/);
    const mayasDisk = maya
      .getByRole('list', { name: 'Checks of MAYA-PC' })
      .getByRole('listitem')
      .filter({ hasText: 'Disk encryption' });
    await expect(mayasDisk).toContainText('Failed');
    await expect(mayasDisk).toContainText('The disk is not encrypted.');

    const phone = device(page, 'Galaxy A52');
    await expect(phone).toContainText('Android 13 · Liam Brooks');
    await expect(phone).toContainText(/Reported by Intune \(last report .+ ago\)/);
    const phoneUpdates = phone
      .getByRole('list', { name: 'Checks of Galaxy A52' })
      .getByRole('listitem')
      .filter({ hasText: 'Operating system updates' });
    await expect(phoneUpdates).toContainText('Failed');
    await expect(phoneUpdates).toContainText('more than three months old.');
    await expect(device(page, 'Omar’s MacBook Pro')).toContainText('macOS 15.1 · Omar Haddad');
    await expect(device(page, OLIVIAS_LAPTOP)).toContainText('Reported by Intune');
  });

  test('the owner of the unencrypted laptop sees Intune’s verdict in their task', async ({
    page,
  }) => {
    await openAppAs(page, 'Maya Chen', '/tasks');
    expect(await myTask(page, 'encrypt-disk')).toMatchObject({
      isCompleted: false,
      evidence: [
        expect.objectContaining({
          source: 'm365',
          verdict: 'fail',
          detail: 'Checked on MAYA-PC: The disk is not encrypted.',
        }),
      ],
    });
    const { item, checks } = await openTask(page, DISK_TASK);
    await expect(item).toContainText('Microsoft 365 found this is not done yet');
    await expect(checks).toContainText('Microsoft 365 found this is not done yet');
    await expect(checks).toContainText('Checked on MAYA-PC: The disk is not encrypted.');
    await page.keyboard.press('Escape');

    // Liam's phone is months behind on security updates, as Intune says.
    await openAppAs(page, 'Liam Brooks', '/tasks');
    expect(await myTask(page, 'lock-phone')).toMatchObject({
      isCompleted: false,
      evidence: [
        expect.objectContaining({
          source: 'm365',
          verdict: 'fail',
          detail: expect.stringMatching(
            /^Checked on Galaxy A52: Security update of .+, more than three months old\.$/,
          ),
        }),
      ],
    });
    const phone = await openTask(page, PHONE_TASK);
    await expect(phone.checks).toContainText('Microsoft 365 found this is not done yet');
  });

  test('a laptop the agent and Intune both report is one device, and the newer report wins', async ({
    page,
  }) => {
    await openAppAs(page, 'Olivia Parker', '/team-progress');
    // Intune says the disk is encrypted (its last sync hours ago); Olivia's task passes on it.
    expect(await myTask(page, 'encrypt-disk')).toMatchObject({
      isCompleted: true,
      evidence: [
        expect.objectContaining({
          source: 'm365',
          verdict: 'pass',
          detail: `Checked on ${OLIVIAS_LAPTOP}: The disk is encrypted.`,
        }),
      ],
    });

    // The agent on the same laptop reports now that BitLocker is off.
    await enrollAndReport(
      page,
      { name: OLIVIAS_LAPTOP, platform: 'win32', osVersion: '10.0.26100' },
      [
        { id: 'disk-encryption', verdict: 'fail', evidence: 'BitLocker is off on C:.' },
        { id: 'firewall', verdict: 'pass', evidence: 'The firewall is on.' },
      ],
      new Date(),
    );

    await page.reload();
    const laptop = device(page, OLIVIAS_LAPTOP);
    await expect(laptop).toHaveCount(1);
    await expect(laptop).toContainText(
      /Reported by Agent \(last report .+\), Intune \(last report .+ ago\)/,
    );
    // The other devices are still listed beside it.
    await expect(device(page, 'MAYA-PC')).toHaveCount(1);

    // The newer report decides, and the detail names both sources.
    const both = new RegExp(
      `Checked on ${escaped(OLIVIAS_LAPTOP)}: Agent, ${DAY}: BitLocker is off on C:; Intune, ${DAY}: The disk is encrypted\\.`,
    );
    expect(await myTask(page, 'encrypt-disk')).toMatchObject({
      isCompleted: false,
      evidence: [
        expect.objectContaining({
          source: 'agent',
          verdict: 'fail',
          detail: expect.stringMatching(new RegExp(`^${both.source}$`)),
        }),
      ],
    });
    const { item, checks } = await openTask(page, DISK_TASK);
    await expect(item).toContainText('Endpoint agent found this is not done yet');
    await expect(checks).toContainText(both);
  });
});

test.describe('Google Workspace', () => {
  // The fake Google starts with Brightwave's demo world for this spec file (stack.ts) and no
  // test here changes it, so it needs no reset.

  test('an admin connects Google Workspace, and its phones and Chromebooks are listed', async ({
    page,
  }) => {
    await openAppAs(page, 'Alice Morgan', '/integrations');
    const gws = card(page, 'Google Workspace');
    await gws.getByRole('button', { name: 'Connect Google Workspace' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to the fake Google' })).toBeVisible();
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByText('Google Workspace connected')).toBeVisible();
    await expect(gws.getByTestId('lastSync')).toBeVisible({ timeout: 30_000 });

    await page.goto('/team-progress');
    const daniel = device(page, 'Moto G54');
    await expect(daniel).toContainText('Android 14 · Daniel Evans', { timeout: 20_000 });
    await expect(daniel).toContainText(/Reported by Google \(last report .+ ago\)/);
    const danielsLock = daniel
      .getByRole('list', { name: 'Checks of Moto G54' })
      .getByRole('listitem')
      .filter({ hasText: 'Screen lock' });
    await expect(danielsLock).toContainText('Failed');
    await expect(danielsLock).toContainText('No screen lock is set.');
    const chromebook = device(page, 'ASUS Chromebook C202SA');
    await expect(chromebook).toContainText('Grace Hughes');
    await expect(chromebook).toContainText('It stopped getting system updates on 1 Jun 2022.');
    await expect(device(page, 'Galaxy S21')).toContainText('Chloe Davies');
    await expect(device(page, 'Galaxy S21')).toContainText('more than three months old.');

    // Daniel's phone task fails on Google's word.
    await openAppAs(page, 'Daniel Evans', '/tasks');
    expect(await myTask(page, 'lock-phone')).toMatchObject({
      isCompleted: false,
      evidence: [
        expect.objectContaining({
          source: 'gws',
          verdict: 'fail',
          detail: 'Checked on Moto G54: No screen lock is set.',
        }),
      ],
    });
    const { item, checks } = await openTask(page, PHONE_TASK);
    await expect(item).toContainText('Google Workspace found this is not done yet');
    await expect(checks).toContainText('Checked on Moto G54: No screen lock is set.');
  });
});
