// An installation for all users runs as root (Linux, macOS) and checks the computer as the person
// who uses it: it runs its own checks as that account (`run --dry --json`), so that their screen
// lock, account and browsers are the ones judged, exactly as a run of their own would.
import {
  AGENT_CHECK_IDS,
  AGENT_VERDICTS,
  type AgentCheckResult,
  type CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import type { RunCommand } from './context';

/** Tells the run as the person which browser versions are current (it has no config of its own). */
export const BROWSERS_ENV = 'CASTELLAN_AGENT_BROWSERS';
/** A folder that never exists, so that the run as the person reads no config. */
export const NO_CONFIG_HOME = '/nonexistent/castellan-agent';
const CHILD_TIMEOUT_MS = 10 * 60 * 1000;

/** The command line that runs `command run --dry --json` as `owner`. */
export async function ownerCommandLine(
  platform: 'linux' | 'darwin',
  owner: string,
  command: readonly string[],
  browsers: CurrentBrowsers,
  run: RunCommand,
): Promise<[string, string[]] | string> {
  const id = await run('id', ['-u', owner]);
  const uid = id.stdout.trim();
  if (!id.ok || !/^\d+$/.test(uid)) return `there is no account named ${owner} on this computer`;
  const env = [
    `CASTELLAN_AGENT_HOME=${NO_CONFIG_HOME}`,
    `${BROWSERS_ENV}=${JSON.stringify(browsers)}`,
    // The person's desktop session, where their screen lock settings are read.
    ...(platform === 'linux'
      ? [
          `XDG_RUNTIME_DIR=/run/user/${uid}`,
          `DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/${uid}/bus`,
        ]
      : []),
  ];
  const child = [...command, 'run', '--dry', '--json'];
  if (platform === 'linux') {
    return ['runuser', ['-u', owner, '--', 'env', ...env, ...child]];
  }
  return [
    'launchctl',
    ['asuser', uid, 'sudo', '-u', owner, '-H', '/usr/bin/env', ...env, ...child],
  ];
}

/** Runs the checks as `owner`; a run that fails gives every check `unknown`, saying why. */
export async function checksAsOwner(
  platform: 'linux' | 'darwin',
  owner: string,
  command: readonly string[],
  browsers: CurrentBrowsers,
  run: RunCommand,
): Promise<AgentCheckResult[]> {
  const line = await ownerCommandLine(platform, owner, command, browsers, run);
  if (typeof line === 'string') return allUnknown(`Could not check as ${owner}: ${line}.`);
  const result = await run(line[0], line[1], { timeoutMs: CHILD_TIMEOUT_MS });
  const checks = parseChecks(result.stdout);
  if (checks) return checks;
  const said = result.stderr.trim().split(/\r?\n/)[0] || `exit code ${result.code}`;
  return allUnknown(
    `Could not check as ${owner}: ${result.timedOut ? 'no answer in time' : said}.`,
  );
}

/** The checks of `run --json` output, or null when it is not that. */
export function parseChecks(stdout: string): AgentCheckResult[] | null {
  try {
    const value = JSON.parse(stdout) as { checks?: unknown };
    if (!Array.isArray(value.checks)) return null;
    const ids: readonly string[] = AGENT_CHECK_IDS;
    const checks = value.checks.filter(
      (c): c is AgentCheckResult =>
        typeof c === 'object' &&
        c !== null &&
        ids.includes((c as AgentCheckResult).id) &&
        AGENT_VERDICTS.includes((c as AgentCheckResult).verdict) &&
        typeof (c as AgentCheckResult).evidence === 'string',
    );
    return checks.length > 0 ? checks : null;
  } catch {
    return null;
  }
}

function allUnknown(evidence: string): AgentCheckResult[] {
  return AGENT_CHECK_IDS.map((id) => ({ id, verdict: 'unknown' as const, evidence }));
}
