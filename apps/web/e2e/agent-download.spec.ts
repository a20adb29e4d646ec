import type { Page } from '@playwright/test';
import { enrollAndReport, expect, openAppAs, seriousViolations, test } from './helpers';

/**
 * The endpoint agent's pages: /agent/download (the builds the test server has, an enrollment code
 * and its command), "Your devices" in Settings and the administrators' Devices on Company status.
 */

type Download = {
  target: string;
  label: string;
  fileName: string;
  file: { url: string; bytes: number; sha256: string } | null;
};

async function apiDownloads(page: Page): Promise<Download[]> {
  const response = await page.request.get('/api/agent/downloads');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { downloads: Download[] }).downloads;
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

/** Makes this browser say it runs on a Mac, as Safari and Chrome there do. */
async function looksLikeAMac(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
    Object.defineProperty(Navigator.prototype, 'userAgentData', {
      get: () => ({ platform: 'macOS', mobile: false, brands: [] }),
    });
  });
}

test.describe('the agent download page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('lists every build, this system’s first, each downloadable or said to be missing', async ({
    page,
  }) => {
    await openAppAs(page, 'Ben Carter', '/agent/download');
    await expect(heading(page, 'Agent download')).toBeVisible();
    await expect(page).toHaveTitle('Agent download | Castellan');
    const downloads = await apiDownloads(page);
    expect(downloads.length).toBeGreaterThan(0);

    // The test browser runs on Linux.
    const yours = page.getByRole('list', { name: 'For Linux' });
    await expect(yours.getByRole('listitem')).toHaveText([/^Linux \(x64\)/, /^Linux \(Arm64\)/]);
    const others = page.getByRole('list', { name: 'Other systems' });
    await expect(others.getByRole('listitem')).toHaveCount(downloads.length - 2);

    const region = page.getByRole('region', { name: '1. Download the agent' });
    for (const download of downloads) {
      const item = region.getByRole('listitem').filter({ hasText: download.label });
      const link = item.getByRole('link', { name: `Download ${download.label}` });
      if (download.file) {
        await expect(link).toHaveAttribute('href', download.file.url);
        await expect(item).toContainText(download.fileName);
        await expect(item).toContainText(download.file.sha256);
        await expect(item).toContainText(/\d+\.\d MB|less than 0\.1 MB/);
      } else {
        await expect(link).toHaveCount(0);
        await expect(item).toContainText(`No build for ${download.label} on this server yet.`);
      }
    }
    await expect(page.getByRole('link', { name: 'More about the agent in Help' })).toHaveAttribute(
      'href',
      '/help?article=endpoint-agent',
    );
  });

  test('on a Mac offers both Mac builds first, and enrolls with the Apple silicon one', async ({
    page,
  }) => {
    await looksLikeAMac(page);
    await openAppAs(page, 'Ben Carter', '/agent/download');
    const yours = page.getByRole('list', { name: 'For macOS' });
    await expect(yours.getByRole('listitem')).toHaveText([
      /^macOS \(Apple silicon\)/,
      /^macOS \(Intel\)/,
    ]);
    // The build makes every system's agent on this Linux machine, the Macs' included.
    const built = (await apiDownloads(page)).filter((d) => d.file).map((d) => d.target);
    expect(built).toEqual(expect.arrayContaining(['darwin-arm64', 'darwin-x64']));
    const build = page.getByRole('combobox', { name: 'Build' });
    await expect(build).toHaveValue('darwin-arm64');
    await expect(build.locator('option')).toHaveCount(built.length);
  });

  test('gives a one-time code with the command that enrolls with it, and copies it', async ({
    page,
  }) => {
    await openAppAs(page, 'Ben Carter', '/agent/download');
    const enroll = page.getByRole('region', { name: '2. Enroll the device' });
    await enroll.getByRole('button', { name: 'Get an enrollment code' }).click();

    const status = enroll.getByRole('status');
    await expect(status).toContainText(/Your code: \S+/);
    await expect(status).toContainText(/Valid until \d\d:\d\d tomorrow, for one device\./);
    const code = (await status.locator('code').textContent())?.trim() ?? '';
    expect(code).not.toBe('');

    const origin = new URL(page.url()).origin;
    const command = enroll.getByRole('figure', { name: 'Command for Linux (x64)' }).locator('pre');
    await expect(command).toHaveText(
      `chmod +x ./castellan-agent-linux-x64 && ./castellan-agent-linux-x64 enroll ${code} --server ${origin} --install`,
    );
    await enroll.getByRole('button', { name: 'Copy the enrollment command' }).click();
    await expect(
      enroll.getByRole('button', { name: 'Copied the enrollment command' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await command.textContent(),
    );

    // The one line for all users, and what it fetches: the script with this server's checksums.
    const forAll = enroll
      .getByRole('figure', {
        name: 'Install for all users of this computer (a terminal, with sudo)',
      })
      .locator('pre');
    await expect(forAll).toHaveText(
      `curl -fsSL ${origin}/api/agent/install.sh | sudo sh -s -- ${code}`,
    );
    await expect(enroll).toContainText(
      `To remove it, run curl -fsSL ${origin}/api/agent/install.sh | sudo sh -s -- --uninstall`,
    );
    const script = await page.request.get(`${origin}/api/agent/install.sh`);
    expect(script.status()).toBe(200);
    const shown = page
      .getByRole('listitem')
      .filter({ hasText: 'Linux (x64)' })
      .getByText(/^[0-9a-f]{64}$/);
    expect(await script.text()).toContain(`target=linux-x64 sum='${await shown.textContent()}'`);
    await enroll.getByRole('combobox', { name: 'Build' }).selectOption('win32-x64');
    await expect(
      enroll
        .getByRole('figure', {
          name: 'Install for all users of this computer (PowerShell as administrator)',
        })
        .locator('pre'),
    ).toHaveText(`& ([scriptblock]::Create((irm ${origin}/api/agent/install.ps1))) ${code}`);
    await enroll.getByRole('button', { name: 'Copy the install command' }).click();
    await expect(enroll.getByRole('button', { name: 'Copied the install command' })).toBeVisible();

    await enroll.getByRole('combobox', { name: 'Build' }).selectOption('node');
    // The portable build has no installer.
    await expect(enroll.getByRole('figure', { name: /Install for all users/ })).toHaveCount(0);
    const anywhere = enroll
      .getByRole('figure', { name: 'Command for Any system with Node.js 18 or later' })
      .locator('pre');
    await expect(anywhere).toHaveText(
      `node castellan-agent.mjs enroll ${code} --server ${origin} --install`,
    );

    // Each click is a new code.
    await enroll.getByRole('button', { name: 'Get a new code' }).click();
    await expect(status.locator('code')).not.toHaveText(code);
    await expect(anywhere).toContainText(`enroll ${await status.locator('code').textContent()} `);
  });
});

test('says, once asked, what the agent runs on each system and what it sends, readably on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openAppAs(page, 'Ben Carter', '/agent/download');
  const section = page.getByRole('region', { name: 'What the agent reads' });
  const toggle = section.getByRole('button', { name: /^(Show|Hide) the commands and fields$/ });
  await expect(toggle).toHaveText('Show the commands and fields');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(section.getByRole('radiogroup', { name: 'System' })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveText('Hide the commands and fields');

  // The test browser runs on Linux.
  await expect(section.getByRole('radio', { name: 'Linux' })).toBeChecked();
  const diskEncryption = section
    .getByRole('heading', { name: 'Disk encryption' })
    .locator('xpath=following-sibling::ul[1]');
  await expect(diskEncryption.getByText('findmnt -n -o SOURCE /', { exact: true })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'POST /api/agent/report' })).toBeVisible();
  await expect(section.getByText('checks[].verdict', { exact: true })).toBeVisible();

  await section.getByText('Windows', { exact: true }).click();
  await expect(section.getByRole('radio', { name: 'Windows' })).toBeChecked();
  await expect(section.getByText('whoami /groups /fo csv', { exact: true })).toBeVisible();
  await expect(section.getByText('findmnt -n -o SOURCE /', { exact: true })).toHaveCount(0);

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'sideways scrolling').toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), 'WCAG violations with the list open').toEqual([]);
});

test('Settings lists the member’s devices, none yet, with the way to add one', async ({ page }) => {
  await openAppAs(page, 'Ben Carter', '/settings#sign-in');
  const section = page.getByRole('region', { name: 'Your devices' });
  await expect(section).toContainText('No devices yet');
  await section.getByRole('link', { name: 'Agent download' }).click();
  await expect(heading(page, 'Agent download')).toBeVisible();
});

test('Company status shows every device to administrators only', async ({ page }) => {
  await openAppAs(page, 'Alice Morgan', '/team-progress');
  const devices = page.getByRole('region', { name: 'Devices', exact: true });
  await expect(devices).toContainText('Every computer with the agent, whoever it belongs to.');
  await expect(devices.getByText('Loading the devices...')).toHaveCount(0);

  await openAppAs(page, 'Ben Carter', '/team-progress');
  await expect(heading(page, 'Company status')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Employees' }).locator('tbody tr').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Devices', exact: true })).toHaveCount(0);
});

/** Whether the signed-in member's task of that catalogue entry is done. */
/** A Mac of the member's reporting FileVault on, the firewall off and no readable screen lock. */
const enrollAndReportMac = (page: Page, name: string) =>
  enrollAndReport(page, { name, platform: 'darwin', osVersion: '15.1' }, [
    { id: 'disk-encryption', verdict: 'pass', evidence: 'FileVault is On.' },
    { id: 'firewall', verdict: 'fail', evidence: 'The application firewall is off.' },
    { id: 'screen-lock', verdict: 'unknown', evidence: 'No screen lock setting was readable.' },
  ]);

async function taskDone(page: Page, catalogueId: string): Promise<boolean | undefined> {
  const response = await page.request.get('/api/actions?scope=mine');
  const { tasks } = (await response.json()) as {
    tasks: { catalogueId: string; isCompleted: boolean }[];
  };
  return tasks.find((t) => t.catalogueId === catalogueId)?.isCompleted;
}

test('a reporting device shows its verdicts to its member and to administrators, until removed', async ({
  page,
}) => {
  const name = 'E2E-MACBOOK';
  await openAppAs(page, 'Chloe Davies', '/settings#sign-in');
  const mine = page.getByRole('region', { name: 'Your devices' });
  await expect(mine).toContainText('No devices yet');
  expect(await taskDone(page, 'encrypt-disk')).toBe(false);
  const token = await enrollAndReportMac(page, name);
  expect(await taskDone(page, 'encrypt-disk')).toBe(true);

  await page.reload();
  const item = mine.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('macOS 15.1');
  await expect(item).toContainText('Last report just now');
  await expect(item).toContainText('1 passed, 1 failed, 1 could not tell');
  const checks = item.getByRole('list', { name: `Checks of ${name}` });
  await expect(checks.getByRole('listitem')).toHaveText([
    /^PassedDisk encryptionFileVault is On\.$/i,
    /^FailedFirewallThe application firewall is off\.$/i,
    /^Could not tellScreen lockNo screen lock setting was readable\.$/i,
  ]);

  await openAppAs(page, 'Alice Morgan', '/team-progress');
  const all = page.getByRole('region', { name: 'Devices', exact: true });
  const theirs = all.getByRole('listitem').filter({ hasText: name });
  await expect(theirs).toContainText('Chloe Davies');
  const toggle = theirs.getByRole('button', { name: `Show checks of ${name}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(theirs.getByRole('list', { name: `Checks of ${name}` })).toBeHidden();
  await toggle.click();
  await expect(theirs.getByRole('list', { name: `Checks of ${name}` })).toBeVisible();
  await expect(
    theirs.getByRole('button', { name: `Remove ${name} of Chloe Davies` }),
  ).toBeVisible();

  await openAppAs(page, 'Chloe Davies', '/settings#sign-in');
  await item.getByRole('button', { name: `Remove ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${name}?` });
  await expect(dialog).toContainText('Its agent stops reporting and its results no longer count.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toHaveCount(0);
  await expect(mine).toContainText('No devices yet');
  expect(await taskDone(page, 'encrypt-disk')).toBe(false);

  const late = await page.request.post('/api/agent/report', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      reportedAt: new Date().toISOString(),
      checks: [{ id: 'firewall', verdict: 'pass', evidence: 'The firewall is on.' }],
    },
  });
  expect(late.status()).toBe(401);
});

test('an administrator still registering gets the builds and a code too', async ({ page }) => {
  await openAppAs(page, 'Noah Fields', '/agent/download');
  await expect(heading(page, 'Agent download')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Other systems' })).toBeVisible();
  await page.getByRole('button', { name: 'Get an enrollment code' }).click();
  await expect(page.getByRole('button', { name: 'Copy the enrollment command' })).toBeVisible();
});

test('a failing device check offers its fix, and Check again now updates the task once the agent reports', async ({
  page,
}) => {
  await openAppAs(page, 'Chloe Davies', '/settings#sign-in');
  const token = await enrollAndReportMac(page, 'E2E-FIX-MAC');
  const response = await page.request.get('/api/actions?scope=mine');
  const { tasks } = (await response.json()) as { tasks: { id: string; catalogueId: string }[] };
  const firewall = tasks.find((t) => t.catalogueId === 'enable-firewall');
  expect(firewall).toBeTruthy();

  await page.goto(`/tasks/${firewall?.id}`);
  const details = page.getByRole('dialog', { name: 'Turn on your computer’s firewall' });
  await expect(details.getByText('Fix it on E2E-FIX-MAC')).toBeVisible();
  await expect(details.getByRole('link', { name: 'Open Firewall settings' })).toHaveAttribute(
    'href',
    'x-apple.systempreferences:com.apple.preference.security?Firewall',
  );
  const due = async () =>
    (
      (await (
        await page.request.get('/api/agent/due', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { due: boolean }
    ).due;
  expect(await due()).toBe(false);
  await details.getByRole('button', { name: 'Check again now' }).click();
  await expect(details.getByText('Asked the computer to check again…')).toBeVisible();

  // The agent, keeping watch, learns it is due and reports: the firewall is on now.
  await expect.poll(due).toBe(true);
  const report = await page.request.post('/api/agent/report', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      reportedAt: new Date().toISOString(),
      checks: [{ id: 'firewall', verdict: 'pass', evidence: 'The application firewall is on.' }],
    },
  });
  expect(report.status()).toBe(200);
  expect(await due()).toBe(false);
  await expect(details.getByText('Checked again just now.')).toBeVisible({ timeout: 15_000 });
  await expect(details.getByRole('region', { name: 'Automatic checks' })).toContainText(
    'The application firewall is on.',
  );

  const devices = await page.request.get('/api/agent/devices');
  const { devices: mine } = (await devices.json()) as { devices: { id: string; name: string }[] };
  for (const device of mine.filter((d) => d.name === 'E2E-FIX-MAC')) {
    await page.request.delete(`/api/agent/devices/${device.id}`);
  }
});
