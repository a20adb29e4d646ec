import type { AgentCheckResult } from '@castellan/contract/agent-checks';
import { WINDOWS_UPDATES_SCRIPT } from '@castellan/contract/agent-scripts';
import type { Check, CheckContext, CommandResult } from '../context';
import { countInWords, listInWords } from './plain-words';
import { field, parseJson, runPowerShell } from './powershell';

/** One half of the verdict: `good` is null when the check could not tell. */
export type Finding = { good: boolean | null; sentence: string };

/** Passes only when nothing is waiting and updates install by themselves. */
export function judgeUpdates(pending: Finding, automatic: Finding): AgentCheckResult {
  const evidence = `${pending.sentence} ${automatic.sentence}`;
  if (pending.good === false || automatic.good === false) {
    return { id: 'os-updates', verdict: 'fail', evidence };
  }
  const verdict = pending.good && automatic.good ? 'pass' : 'unknown';
  return { id: 'os-updates', verdict, evidence };
}

export function pendingFinding(count: number | null, noun = 'security update'): Finding {
  if (count === null) {
    return { good: null, sentence: `Could not tell whether ${noun}s are waiting to be installed.` };
  }
  if (count === 0) return { good: true, sentence: `No ${noun}s are waiting to be installed.` };
  const verb = count === 1 ? 'is' : 'are';
  return { good: false, sentence: `${countInWords(count, noun)} ${verb} waiting to be installed.` };
}

/** The tool ran to its end, whatever it said. */
const answered = (result: CommandResult) => !result.missing && !result.timedOut;

const UNKNOWN_AUTOMATIC: Finding = {
  good: null,
  sentence: 'Could not tell whether updates are installed automatically.',
};

// --- Linux: apt ---

/** Counts the upgrades `apt-get -s upgrade` would take from a security archive. */
export function parseAptSecurityCount(stdout: string): number | null {
  const lines = stdout.split('\n');
  const installs = lines.filter((line) => line.startsWith('Inst '));
  const summary = lines.some((line) => /^\d+ upgraded, /.test(line));
  if (!summary && installs.length === 0) return null;
  return installs.filter((line) => /\([^)]*-security/.test(line)).length;
}

export function aptAutomatic(
  periodic: CommandResult,
  packageStatus: CommandResult,
  timer: CommandResult,
): Finding {
  if (![periodic, packageStatus, timer].every(answered)) return UNKNOWN_AUTOMATIC;
  if (!/\binstall ok installed\b/.test(packageStatus.stdout)) {
    return {
      good: false,
      sentence: 'The unattended-upgrades package is not installed, so updates are not automatic.',
    };
  }
  const value = /^APT::Periodic::Unattended-Upgrade "([^"]*)";/m.exec(periodic.stdout)?.[1];
  if (!value || Number.parseInt(value, 10) === 0) {
    return { good: false, sentence: 'Automatic security updates are turned off.' };
  }
  if (/^(disabled|masked)/.test(timer.stdout.trim())) {
    return {
      good: false,
      sentence: 'The timer that installs updates (apt-daily-upgrade.timer) is turned off.',
    };
  }
  return { good: true, sentence: 'Security updates are installed automatically.' };
}

async function aptUpdates(ctx: CheckContext, simulated: CommandResult): Promise<AgentCheckResult> {
  const [periodic, packageStatus, timer] = await Promise.all([
    ctx.run('apt-config', ['dump', 'APT::Periodic::Unattended-Upgrade']),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax
    ctx.run('dpkg-query', ['-W', '-f=${Status}', 'unattended-upgrades']),
    ctx.run('systemctl', ['is-enabled', 'apt-daily-upgrade.timer']),
  ]);
  const count = simulated.ok ? parseAptSecurityCount(simulated.stdout) : null;
  return judgeUpdates(pendingFinding(count), aptAutomatic(periodic, packageStatus, timer));
}

// --- Linux: dnf ---

/** Counts the lines of `dnf -q updateinfo list --security`: one per advisory and package. */
export function parseDnfSecurityCount(stdout: string): number {
  return stdout
    .split('\n')
    .filter((line) => line.trim().split(/\s+/).length >= 3 && !/^Name\s/.test(line)).length;
}

// Install timers always install; the others do what the configuration's apply_updates says.
const DNF_INSTALL_TIMERS = ['dnf-automatic-install.timer', 'dnf5-automatic-install.timer'];
const DNF_CONFIGURED_TIMERS = ['dnf-automatic.timer', 'dnf5-automatic.timer'];
// dnf5 reads the first of its own two; dnf 4 reads /etc/dnf/automatic.conf.
const DNF_AUTOMATIC_CONFIGS = [
  '/etc/dnf/dnf5-plugins/automatic.conf',
  '/etc/dnf/automatic.conf',
  '/usr/share/dnf5/dnf5-plugins/automatic.conf',
];

const isEnabled = (result: CommandResult) => result.stdout.trim() === 'enabled';

/** From `systemctl is-enabled` of each timer, and the automatic.conf in force (null if none). */
export function dnfAutomatic(
  installTimers: readonly CommandResult[],
  configuredTimers: readonly CommandResult[],
  config: string | null,
): Finding {
  const automatic: Finding = {
    good: true,
    sentence: 'Updates are installed automatically (dnf-automatic).',
  };
  if (installTimers.some(isEnabled)) return automatic;
  const timers = [...installTimers, ...configuredTimers];
  if (timers.every((result) => result.missing) || timers.some((result) => result.timedOut)) {
    return UNKNOWN_AUTOMATIC;
  }
  if (!configuredTimers.some(isEnabled)) {
    return { good: false, sentence: 'Automatic updates (dnf-automatic) are not turned on.' };
  }
  if (config === null) return UNKNOWN_AUTOMATIC;
  if (/^\s*apply_updates\s*=\s*(yes|true|1|on)\s*$/im.test(config)) return automatic;
  return {
    good: false,
    sentence: 'dnf-automatic looks for updates but is set not to install them.',
  };
}

async function firstReadable(ctx: CheckContext, paths: readonly string[]): Promise<string | null> {
  for (const path of paths) {
    const text = await ctx.readFile(path);
    if (text !== null) return text;
  }
  return null;
}

async function dnfUpdates(ctx: CheckContext, list: CommandResult): Promise<AgentCheckResult> {
  const isEnabledRun = (timer: string) => ctx.run('systemctl', ['is-enabled', timer]);
  const [installTimers, configuredTimers, config] = await Promise.all([
    Promise.all(DNF_INSTALL_TIMERS.map(isEnabledRun)),
    Promise.all(DNF_CONFIGURED_TIMERS.map(isEnabledRun)),
    firstReadable(ctx, DNF_AUTOMATIC_CONFIGS),
  ]);
  const count = list.ok ? parseDnfSecurityCount(list.stdout) : null;
  return judgeUpdates(pendingFinding(count), dnfAutomatic(installTimers, configuredTimers, config));
}

async function linuxUpdates(ctx: CheckContext): Promise<AgentCheckResult> {
  const apt = await ctx.run('apt-get', ['-s', '-o', 'Debug::NoLocking=1', 'upgrade'], {
    timeoutMs: 60_000,
  });
  if (!apt.missing) return aptUpdates(ctx, apt);
  const dnf = await ctx.run('dnf', ['-q', 'updateinfo', 'list', '--security'], {
    timeoutMs: 120_000,
  });
  if (!dnf.missing) return dnfUpdates(ctx, dnf);
  return {
    id: 'os-updates',
    verdict: 'unknown',
    evidence: 'This Linux uses neither apt nor dnf, so its updates could not be checked.',
  };
}

// --- macOS ---

/** The updates `softwareupdate --list` offers, by title; null when its output is not understood. */
export function parseSoftwareUpdateList(result: CommandResult): string[] | null {
  const text = `${result.stdout}\n${result.stderr}`;
  if (/No new software available/.test(text)) return [];
  if (!/found the following new or updated software/.test(text)) return null;
  const updates: string[] = [];
  const lines = result.stdout.split('\n');
  lines.forEach((line, i) => {
    const label = /^\s*\*\s+(?:Label:\s*)?(.+)$/.exec(line)?.[1]?.trim();
    if (!label) return;
    const title = /^\s*Title:\s*([^,]+)/.exec(lines[i + 1] ?? '')?.[1]?.trim();
    updates.push(title ?? label);
  });
  return updates.length > 0 ? updates : null;
}

export function macosPending(updates: string[] | null): Finding {
  if (updates === null) return pendingFinding(null, 'update');
  if (updates.length === 0) return pendingFinding(0, 'update');
  const shown = updates.length > 3 ? [...updates.slice(0, 3), 'others'] : updates;
  const verb = updates.length === 1 ? 'is' : 'are';
  return {
    good: false,
    sentence: `${countInWords(updates.length, 'update')} ${verb} waiting to be installed: ${listInWords(shown)}.`,
  };
}

/** A `defaults read` number: 1, 0, or null when the setting is not there. */
export function parseDefaultsFlag(result: CommandResult): number | null {
  const value = result.ok ? result.stdout.trim() : '';
  return /^\d+$/.test(value) ? Number(value) : null;
}

export function macosAutomatic(
  checkEnabled: number | null,
  criticalInstall: number | null,
  installMacos: number | null,
): Finding {
  if (checkEnabled === 0) {
    return { good: false, sentence: 'Checking for updates automatically is turned off.' };
  }
  if (criticalInstall === 0) {
    return {
      good: false,
      sentence: 'Security responses and system files are not installed automatically.',
    };
  }
  if (installMacos === 0) {
    return { good: false, sentence: 'macOS updates are not installed automatically.' };
  }
  if (installMacos === 1) {
    return { good: true, sentence: 'macOS updates are installed automatically.' };
  }
  return UNKNOWN_AUTOMATIC;
}

const SOFTWARE_UPDATE_PREFS = '/Library/Preferences/com.apple.SoftwareUpdate';

async function macosUpdates(ctx: CheckContext): Promise<AgentCheckResult> {
  const readFlag = async (key: string) =>
    parseDefaultsFlag(await ctx.run('defaults', ['read', SOFTWARE_UPDATE_PREFS, key]));
  const [list, checkEnabled, criticalInstall, installMacos] = await Promise.all([
    ctx.run('softwareupdate', ['--list'], { timeoutMs: 60_000 }),
    readFlag('AutomaticCheckEnabled'),
    readFlag('CriticalUpdateInstall'),
    readFlag('AutomaticallyInstallMacOSUpdates'),
  ]);
  return judgeUpdates(
    macosPending(parseSoftwareUpdateList(list)),
    macosAutomatic(checkEnabled, criticalInstall, installMacos),
  );
}

// --- Windows ---

const HOTFIX_MAX_AGE_DAYS = 45;

/** Without the update search, the latest installed update's date stands in for it. */
export function windowsPending(json: unknown, now: Date): Finding {
  const pending = field(json, 'pending');
  if (typeof pending === 'number') return pendingFinding(pending);
  const lastHotfix = field(json, 'lastHotfix');
  const installed = typeof lastHotfix === 'string' ? Date.parse(`${lastHotfix}T00:00:00Z`) : NaN;
  if (Number.isNaN(installed)) return pendingFinding(null);
  const ageDays = (now.getTime() - installed) / 86_400_000;
  if (ageDays > HOTFIX_MAX_AGE_DAYS) {
    return {
      good: false,
      sentence: `The latest update was installed on ${lastHotfix}, more than ${HOTFIX_MAX_AGE_DAYS} days ago.`,
    };
  }
  return {
    good: true,
    sentence: `Windows could not list waiting updates, but the latest was installed on ${lastHotfix}.`,
  };
}

export function windowsAutomatic(json: unknown): Finding {
  const off = field(json, 'noAutoUpdate');
  if (off === true) {
    return { good: false, sentence: 'Automatic updates are turned off by a Windows policy.' };
  }
  if (off === false) {
    return { good: true, sentence: 'Windows Update installs updates automatically.' };
  }
  return UNKNOWN_AUTOMATIC;
}

async function windowsUpdates(ctx: CheckContext): Promise<AgentCheckResult> {
  const result = await runPowerShell(ctx, WINDOWS_UPDATES_SCRIPT, 120_000);
  // The script's last line prints the JSON, so it is read even after an earlier error.
  const json = parseJson(result.stdout);
  if (field(json, 'noAutoUpdate') === undefined) {
    return {
      id: 'os-updates',
      verdict: 'unknown',
      evidence: result.timedOut
        ? 'Windows Update took too long to answer.'
        : 'Windows Update could not be asked about updates.',
    };
  }
  return judgeUpdates(windowsPending(json, new Date()), windowsAutomatic(json));
}

export const osUpdates: Check = async (ctx) => {
  switch (ctx.platform) {
    case 'linux':
      return linuxUpdates(ctx);
    case 'darwin':
      return macosUpdates(ctx);
    case 'win32':
      return windowsUpdates(ctx);
  }
};
