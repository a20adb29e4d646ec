import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUCCEEDED } from '../test/fake-context';
import type { CommandResult } from './context';
import {
  installSchedule,
  type ScheduleDeps,
  scheduleInstalled,
  uninstallSchedule,
} from './schedule';

const OK = SUCCEEDED;
const fail = (stderr: string, code = 1): CommandResult => ({ ...OK, ok: false, code, stderr });
const MISSING: CommandResult = { ...OK, ok: false, code: null, missing: true };

let home: string;
let calls: string[][];
let answers: Record<string, CommandResult>;

function deps(platform: ScheduleDeps['platform']): ScheduleDeps {
  return {
    platform,
    homedir: home,
    env: {},
    uid: 501,
    command: ['/opt/castellan/castellan-agent'],
    configHome: '/agent-home',
    system: false,
    systemRoot: path.join(home, 'root'),
    run: async (file, args) => {
      const call = [file, ...args];
      calls.push(call);
      return answers[call.join(' ')] ?? answers[file] ?? OK;
    },
  };
}

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'castellan-agent-schedule-'));
  calls = [];
  answers = {};
});
afterEach(() => rm(home, { recursive: true, force: true }));

describe('on Linux', () => {
  const timer = () => path.join(home, '.config', 'systemd', 'user', 'castellan-agent.timer');

  it('writes the user units and enables the timer', async () => {
    expect(await installSchedule(deps('linux'))).toBe(
      `Scheduled: systemd runs the agent every 6 hours (timer castellan-agent.timer in ${path.dirname(timer())}).`,
    );
    expect(await readFile(timer(), 'utf8')).toContain('OnCalendar=*-*-* 00/6:00:00');
    expect(calls).toEqual([
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', '--now', 'castellan-agent.timer'],
    ]);
    expect(await scheduleInstalled(deps('linux'))).toBe(true);

    calls = [];
    expect(await uninstallSchedule(deps('linux'))).toBe('Removed the schedule (systemd timer).');
    expect(existsSync(timer())).toBe(false);
    expect(calls).toEqual([
      ['systemctl', '--user', 'disable', '--now', 'castellan-agent.timer'],
      ['systemctl', '--user', 'daemon-reload'],
    ]);
    expect(await uninstallSchedule(deps('linux'))).toBe('No schedule was installed.');
  });

  it('says clearly when there is no user session bus, and leaves no units', async () => {
    answers.systemctl = fail('Failed to connect to bus: No medium found');
    await expect(installSchedule(deps('linux'))).rejects.toThrow(
      'Could not schedule the agent: systemctl --user cannot reach your user session (Failed to connect to bus: No medium found).',
    );
    expect(existsSync(timer())).toBe(false);
  });

  it('says clearly when there is no systemd, and how to schedule otherwise', async () => {
    answers.systemctl = MISSING;
    await expect(installSchedule(deps('linux'))).rejects.toThrow(
      'systemctl was not found, so this computer does not use systemd; schedule "/opt/castellan/castellan-agent run" every 6 hours another way, e.g. with cron.',
    );
  });
});

describe('on macOS', () => {
  const plist = () => path.join(home, 'Library', 'LaunchAgents', 'com.castellan.agent.plist');

  it('writes the launch agent and bootstraps it in the user’s domain', async () => {
    answers['launchctl bootout gui/501/com.castellan.agent'] = fail('No such process', 3);
    expect(await installSchedule(deps('darwin'))).toBe(
      `Scheduled: launchd runs the agent every 6 hours (${plist()}).`,
    );
    expect(await readFile(plist(), 'utf8')).toContain('<integer>21600</integer>');
    expect(calls).toEqual([
      ['launchctl', 'bootout', 'gui/501/com.castellan.agent'],
      ['launchctl', 'bootstrap', 'gui/501', plist()],
    ]);
    expect(await uninstallSchedule(deps('darwin'))).toBe('Removed the schedule (launchd agent).');
    expect(existsSync(plist())).toBe(false);
  });

  it('is content when the agent is already loaded', async () => {
    answers[`launchctl bootstrap gui/501 ${plist()}`] = fail('service already loaded', 37);
    await expect(installSchedule(deps('darwin'))).resolves.toContain('Scheduled');
    expect(calls.at(-1)).toEqual(['launchctl', 'print', 'gui/501/com.castellan.agent']);
  });

  it('reports a bootstrap that failed', async () => {
    answers[`launchctl bootstrap gui/501 ${plist()}`] = fail(
      'Bootstrap failed: 5: Input/output error',
      5,
    );
    answers['launchctl print gui/501/com.castellan.agent'] = fail('Could not find service', 113);
    await expect(installSchedule(deps('darwin'))).rejects.toThrow(
      'launchctl bootstrap failed (Bootstrap failed: 5: Input/output error)',
    );
  });
});

describe('on Windows', () => {
  it('creates and deletes the scheduled task', async () => {
    expect(await installSchedule(deps('win32'))).toBe(
      'Scheduled: Task Scheduler runs the agent every 6 hours (task "Castellan Agent").',
    );
    expect(calls[0]?.slice(0, 2)).toEqual(['schtasks', '/Create']);
    expect(await uninstallSchedule(deps('win32'))).toBe(
      'Removed the schedule (task "Castellan Agent").',
    );
    expect(calls.slice(1)).toEqual([
      ['schtasks', '/Query', '/TN', 'Castellan Agent'],
      ['schtasks', '/Delete', '/TN', 'Castellan Agent', '/F'],
    ]);
  });

  it('says so when schtasks refuses', async () => {
    answers.schtasks = fail('ERROR: Access is denied.');
    await expect(installSchedule(deps('win32'))).rejects.toThrow(
      'Could not schedule the agent: schtasks failed (ERROR: Access is denied.).',
    );
    expect(await uninstallSchedule(deps('win32'))).toBe('No schedule was installed.');
  });
});
