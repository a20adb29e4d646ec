import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openAppAs, test } from './helpers';

/**
 * The real agent on this machine: downloaded from the page, enrolled with a code from the page,
 * run, and its verdicts seen in the member's tasks; then removed in Settings. Mutates Ben's
 * devices and tasks, on this file's own copy of the demo data.
 */

type Check = { id: string; verdict: 'pass' | 'fail' | 'unknown'; evidence: string };
type Task = {
  catalogueId: string;
  title: string;
  isCompleted: boolean;
  evidence: { source: string; verdict: string; detail: string | null }[];
};

const home = mkdtempSync(path.join(tmpdir(), 'castellan-agent-e2e-'));
test.afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs the downloaded agent with its settings in this test's own folder. */
function agent(file: string, args: string[]) {
  const run = spawnSync(file, args, {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, CASTELLAN_AGENT_HOME: home },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function benTasks(page: Page): Promise<Task[]> {
  const response = await page.request.get('/api/actions?scope=mine');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tasks: Task[] }).tasks;
}

const taskList = (page: Page) => page.getByRole('region', { name: 'Tasks', exact: true });

test('the agent from the page enrolls with its code, reports, and judges the member’s device tasks', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openAppAs(page, 'Ben Carter', '/agent/download');

  // 1. The download for this system, from the link on the page, as a person would.
  const yours = page.getByRole('list', { name: 'For Linux' });
  const link = yours.getByRole('link', { name: 'Download Linux (x64)' });
  const download = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  const file = path.join(home, 'castellan-agent-linux-x64');
  writeFileSync(file, await download.body());
  chmodSync(file, 0o755);

  // 2. A code from the page, and the command it shows, run here.
  const enroll = page.getByRole('region', { name: '2. Enroll the device' });
  await enroll.getByRole('button', { name: 'Get an enrollment code' }).click();
  const code = (await enroll.getByRole('status').locator('code').textContent())?.trim() ?? '';
  const command =
    (await enroll
      .getByRole('figure', { name: 'Command for Linux (x64)' })
      .locator('pre')
      .textContent()) ?? '';
  expect(command).toContain(`enroll ${code} --server ${new URL(page.url()).origin}`);
  const enrolled = agent(file, ['enroll', code, '--server', new URL(page.url()).origin]);
  expect(enrolled.status, enrolled.stderr).toBe(0);
  expect(enrolled.stdout).toContain('Reported');

  // 3. What it found on this machine is what the member's tasks now say.
  const config = JSON.parse(readFileSync(path.join(home, 'config.json'), 'utf8')) as {
    token: string;
    lastRun: { checks: Check[] };
  };
  expect(readFileSync(path.join(home, 'config.json'), 'utf8')).toContain(config.token);
  const account = config.lastRun.checks.find((c) => c.id === 'standard-account');
  if (!account) throw new Error('the agent did not check the account');
  const device = hostname();
  const adminTask = (await benTasks(page)).find((t) => t.catalogueId === 'use-standard-account');
  if (!adminTask) throw new Error('Ben has no standard-account task');
  if (account.verdict === 'unknown') {
    expect(adminTask.evidence).toEqual([]);
  } else {
    expect(adminTask.evidence).toEqual([
      expect.objectContaining({
        source: 'agent',
        verdict: account.verdict,
        detail: `Checked on ${device}: ${account.evidence}`,
      }),
    ]);
    await page.goto('/tasks');
    await page
      .getByRole('radiogroup', { name: 'Status' })
      .getByText('All', { exact: true })
      .click();
    const item = taskList(page).getByRole('listitem', { name: adminTask.title });
    await item.getByRole('button').first().click();
    const checks = page.getByRole('dialog').getByRole('region', { name: 'Automatic checks' });
    await expect(checks).toContainText(`Checked on ${device}: ${account.evidence}`);
    await expect(checks).toContainText(
      account.verdict === 'pass'
        ? 'Checked by Endpoint agent'
        : 'Endpoint agent found this is not done yet',
    );
    await page.keyboard.press('Escape');
  }

  // 4. A later report that the disk is encrypted completes the task, naming the computer.
  const reported = await page.request.post('/api/agent/report', {
    headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
    data: {
      reportedAt: new Date().toISOString(),
      checks: [{ id: 'disk-encryption', verdict: 'pass', evidence: 'LUKS protects /.' }],
    },
  });
  expect(reported.status()).toBe(200);
  await page.goto('/tasks');
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Done', { exact: true }).click();
  const disk = taskList(page).getByRole('listitem', { name: 'Encrypt your computer’s disk' });
  await expect(disk).toContainText('Checked by Endpoint agent');
  await disk.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toContainText(`Checked on ${device}: LUKS protects /.`);
  await page.keyboard.press('Escape');

  // 5. Settings lists the device; removing it revokes the agent and its verdicts stop counting.
  await page.goto('/settings#sign-in');
  const devices = page.getByRole('region', { name: 'Your devices' });
  await expect(devices).toContainText(device);
  await devices.getByRole('button', { name: `Remove ${device}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${device}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(devices).toContainText('No devices yet');
  const refused = agent(file, ['run']);
  expect(refused.status).not.toBe(0);
  expect(refused.stderr).toMatch(/not enrolled/);
  const after = await benTasks(page);
  expect(after.find((t) => t.catalogueId === 'encrypt-disk')?.evidence).toEqual([]);
  expect(after.find((t) => t.catalogueId === 'use-standard-account')?.evidence).toEqual([]);
});
