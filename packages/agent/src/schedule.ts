// Installs `castellan-agent run` every few hours for the signed-in user, without root.
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AGENT_SCHEDULE_HOURS, type AgentPlatform } from '@castellan/contract/agent-checks';
import { AgentError } from './agent-error';
import type { CommandResult, RunCommand } from './context';
import {
  LAUNCHD_LABEL,
  launchdPlist,
  SYSTEMD_UNIT,
  schtasksCreateArgs,
  systemdService,
  systemdTimer,
  WINDOWS_TASK_NAME,
} from './schedule-files';

export type ScheduleDeps = {
  platform: AgentPlatform;
  homedir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The user's id, for launchd's `gui/<uid>` domain. */
  uid: number | undefined;
  /** The program and arguments that start this agent (see agentCommand). */
  command: readonly string[];
  /** Passed to the scheduled runs so that they read the same config. */
  configHome: string;
  /**
   * The schedule for all users (`--system`): a system unit, a LaunchDaemon or a task run as
   * SYSTEM, instead of the user's own.
   */
  system: boolean;
  /** Where the system's folders are: `/`, or a test's folder standing in for it. */
  systemRoot: string;
  run: RunCommand;
};

const EVERY = `every ${AGENT_SCHEDULE_HOURS} hours`;

/** Installs (or replaces) the schedule; answers a sentence saying what was done. */
export async function installSchedule(deps: ScheduleDeps): Promise<string> {
  switch (deps.platform) {
    case 'linux':
      return installSystemd(deps);
    case 'darwin':
      return installLaunchd(deps);
    case 'win32':
      return installTask(deps);
  }
}

/** Removes the schedule if there is one; answers a sentence saying what was done. */
export async function uninstallSchedule(deps: ScheduleDeps): Promise<string> {
  switch (deps.platform) {
    case 'linux':
      return uninstallSystemd(deps);
    case 'darwin':
      return uninstallLaunchd(deps);
    case 'win32':
      return uninstallTask(deps);
  }
}

export async function scheduleInstalled(deps: ScheduleDeps): Promise<boolean> {
  switch (deps.platform) {
    case 'linux':
      return exists(systemdPaths(deps).timer);
    case 'darwin':
      return exists(plistPath(deps));
    case 'win32':
      return (await deps.run('schtasks', ['/Query', '/TN', WINDOWS_TASK_NAME])).ok;
  }
}

export function systemdPaths(
  deps: Pick<ScheduleDeps, 'env' | 'homedir' | 'system' | 'systemRoot'>,
) {
  const folder = deps.system
    ? path.join(deps.systemRoot, 'etc', 'systemd', 'system')
    : path.join(deps.env.XDG_CONFIG_HOME || path.join(deps.homedir, '.config'), 'systemd', 'user');
  return {
    folder,
    service: path.join(folder, `${SYSTEMD_UNIT}.service`),
    timer: path.join(folder, `${SYSTEMD_UNIT}.timer`),
  };
}

async function installSystemd(deps: ScheduleDeps): Promise<string> {
  const files = systemdPaths(deps);
  await mkdir(files.folder, { recursive: true });
  await writeFile(files.service, systemdService(deps.command, deps.configHome));
  await writeFile(files.timer, systemdTimer());
  const systemctl = (...args: string[]) =>
    deps.run('systemctl', deps.system ? args : ['--user', ...args]);
  const reload = await systemctl('daemon-reload');
  const enable = reload.ok ? await systemctl('enable', '--now', `${SYSTEMD_UNIT}.timer`) : reload;
  if (!enable.ok) {
    await rm(files.service, { force: true });
    await rm(files.timer, { force: true });
    throw new AgentError(systemctlFailure(enable, deps.command));
  }
  return `Scheduled: systemd runs the agent ${EVERY}${deps.system ? ' as root' : ''} (timer ${SYSTEMD_UNIT}.timer in ${files.folder}).`;
}

function systemctlFailure(result: CommandResult, command: readonly string[]): string {
  const instead = `schedule "${[...command, 'run'].join(' ')}" ${EVERY} another way, e.g. with cron`;
  if (result.missing) {
    return `Could not schedule the agent: systemctl was not found, so this computer does not use systemd; ${instead}.`;
  }
  const said = firstLine(result.stderr) || `systemctl exited with code ${result.code}`;
  if (/bus|XDG_RUNTIME_DIR/i.test(result.stderr) && !/system/i.test(result.stderr)) {
    return `Could not schedule the agent: systemctl --user cannot reach your user session (${said}). Run install-schedule from your own login session (not sudo or a container), or ${instead}.`;
  }
  return `Could not schedule the agent: ${said}.`;
}

async function uninstallSystemd(deps: ScheduleDeps): Promise<string> {
  const files = systemdPaths(deps);
  if (!(await exists(files.timer)) && !(await exists(files.service))) {
    return 'No schedule was installed.';
  }
  // Best effort: without a user session the files alone are removed, which stops the timer at
  // the next login.
  const user = deps.system ? [] : ['--user'];
  await deps.run('systemctl', [...user, 'disable', '--now', `${SYSTEMD_UNIT}.timer`]);
  await rm(files.timer, { force: true });
  await rm(files.service, { force: true });
  await deps.run('systemctl', [...user, 'daemon-reload']);
  return 'Removed the schedule (systemd timer).';
}

function plistPath(deps: Pick<ScheduleDeps, 'homedir' | 'system' | 'systemRoot'>): string {
  if (deps.system) {
    return path.join(deps.systemRoot, 'Library', 'LaunchDaemons', `${LAUNCHD_LABEL}.plist`);
  }
  return path.join(deps.homedir, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`);
}

/** launchd's domain: the whole system for a LaunchDaemon, else the user's session. */
function launchdDomain(deps: Pick<ScheduleDeps, 'uid' | 'system'>): string {
  return deps.system ? 'system' : `gui/${deps.uid ?? 0}`;
}

async function installLaunchd(deps: ScheduleDeps): Promise<string> {
  const file = plistPath(deps);
  const domain = launchdDomain(deps);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, launchdPlist(deps.command, deps.configHome));
  // An older copy stays loaded until booted out; a failure here means none was loaded.
  await deps.run('launchctl', ['bootout', `${domain}/${LAUNCHD_LABEL}`]);
  const bootstrap = await deps.run('launchctl', ['bootstrap', domain, file]);
  if (!bootstrap.ok) {
    const loaded = await deps.run('launchctl', ['print', `${domain}/${LAUNCHD_LABEL}`]);
    if (!loaded.ok) {
      throw new AgentError(
        `Could not schedule the agent: launchctl bootstrap failed (${firstLine(bootstrap.stderr) || `exit code ${bootstrap.code}`}).`,
      );
    }
  }
  return `Scheduled: launchd runs the agent ${EVERY}${deps.system ? ' as root' : ''} (${file}).`;
}

async function uninstallLaunchd(deps: ScheduleDeps): Promise<string> {
  const file = plistPath(deps);
  if (!(await exists(file))) return 'No schedule was installed.';
  await deps.run('launchctl', ['bootout', `${launchdDomain(deps)}/${LAUNCHD_LABEL}`]);
  await rm(file, { force: true });
  return `Removed the schedule (launchd ${deps.system ? 'daemon' : 'agent'}).`;
}

async function installTask(deps: ScheduleDeps): Promise<string> {
  const result = await deps.run('schtasks', schtasksCreateArgs(deps.command, deps.system));
  if (!result.ok) {
    throw new AgentError(
      `Could not schedule the agent: schtasks failed (${firstLine(result.stderr) || `exit code ${result.code}`}).`,
    );
  }
  return `Scheduled: Task Scheduler runs the agent ${EVERY}${deps.system ? ' as SYSTEM' : ''} (task "${WINDOWS_TASK_NAME}").`;
}

async function uninstallTask(deps: ScheduleDeps): Promise<string> {
  if (!(await scheduleInstalled(deps))) return 'No schedule was installed.';
  const result = await deps.run('schtasks', ['/Delete', '/TN', WINDOWS_TASK_NAME, '/F']);
  if (!result.ok) {
    throw new AgentError(
      `Could not remove the scheduled task: ${firstLine(result.stderr) || `exit code ${result.code}`}.`,
    );
  }
  return `Removed the schedule (task "${WINDOWS_TASK_NAME}").`;
}

function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
