// The `castellan-agent` command: enroll, run, status, unenroll and the schedule.
import {
  AGENT_LIMITS,
  AGENT_SCHEDULE_HOURS,
  AGENT_STALE_DAYS,
} from '@castellan/contract/agent-checks';
import { AgentError, UsageError } from './agent-error';
import { checkAndReport } from './check-and-report';
import { type CliArgs, parseCliArgs } from './cli-args';
import type { CliDeps } from './cli-deps';
import { type AgentConfig, configPath, readConfig, removeConfig, writeConfig } from './config-file';
import { formatChecks, formatTime, summarize, timeAgo } from './results-text';
import {
  installSchedule,
  type ScheduleDeps,
  scheduleInstalled,
  uninstallSchedule,
} from './schedule';
import { clip, serverBaseUrl, serverClient, userAgent } from './server-client';
import { describeUpdate, updateAgent } from './update';
import { watch } from './watch';

export type { CliDeps } from './cli-deps';

const ENROLL_USAGE =
  'castellan-agent enroll <code> --server <url> [--install] [--system [--owner <user>]]';

const NOT_ENROLLED = [
  'Not enrolled: this computer does not report to Castellan yet.',
  "Get a code on Castellan's agent download page, then run:",
  `  ${ENROLL_USAGE}`,
].join('\n');

function usage(deps: CliDeps): string {
  return `castellan-agent ${deps.device.agentVersion}: checks this computer's security settings
and reports them to Castellan.

Usage:
  ${ENROLL_USAGE}
      Enroll this computer with a code from Castellan's agent download page, check it and
      report at once. --install also schedules a check every ${AGENT_SCHEDULE_HOURS} hours.
      --system (as root or an administrator) installs for all users: the settings go to
      ${deps.systemConfigHome}, the schedule runs as the administrator account and judges
      --owner, the person who uses this computer (a user name; on Windows, their SID).
  castellan-agent run [--dry] [--json]
      Check this computer and report. --dry checks without reporting (no enrollment needed);
      --json prints the results as JSON.
  castellan-agent status
      What the last check found, and when it was reported.
  castellan-agent watch
      For ten minutes, check and report at once whenever someone presses "Check again now" in
      Castellan (it asks every 15 seconds).
  castellan-agent update
      Update the agent now if the server has a newer build (each run also does). Only a build
      signed by the server's key and matching its SHA-256 replaces this one.
  castellan-agent install-schedule | uninstall-schedule [--system]
      Check and report every ${AGENT_SCHEDULE_HOURS} hours as this user (no administrator
      rights needed), or stop. --system: the schedule for all users.
  castellan-agent unenroll [--local] [--system]
      Remove this computer from Castellan and delete its settings here. --local deletes them
      here only, when the server cannot be reached.
  castellan-agent --help | --version

Settings and device token: ${configPath(deps.configHome)}
Exit codes: 0 done, 1 failed (or status: not enrolled), 2 wrong command line.
`;
}

/** Runs one command line; answers the exit code. Never throws. */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    return await dispatch(args, deps);
  } catch (error) {
    if (error instanceof AgentError) {
      deps.err(`${error.message}\n`);
      if (error instanceof UsageError) deps.err('Run castellan-agent --help for the commands.\n');
      return error.exitCode;
    }
    deps.err(`castellan-agent failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function dispatch({ command, words, options }: CliArgs, given: CliDeps): Promise<number> {
  // --system: the installation for all users, whatever the environment names.
  const deps = options.system ? { ...given, configHome: given.systemConfigHome } : given;
  if (options.version || command === 'version') {
    deps.out(`castellan-agent ${deps.device.agentVersion}\n`);
    return 0;
  }
  if (options.help || command === 'help' || command === undefined) {
    deps.out(usage(deps));
    return command === undefined && !options.help ? 2 : 0;
  }
  const extraWords = command === 'enroll' ? words.slice(1) : words;
  if (extraWords.length > 0) throw new UsageError(`Unexpected "${extraWords[0]}".`);
  if (options.owner !== undefined && !options.system) {
    throw new UsageError(
      '--owner names the person for an installation for all users: add --system.',
    );
  }
  switch (command) {
    case 'enroll':
      return enroll(
        words[0],
        options.server,
        options.install === true,
        options.system ? { owner: options.owner ?? deps.schedule.env.SUDO_USER } : undefined,
        deps,
      );
    case 'run':
      return run(options.dry === true, options.json === true, deps);
    case 'status':
      return status(deps);
    case 'watch': {
      const config = await readConfig(deps.configHome);
      if (!config) throw new AgentError(NOT_ENROLLED);
      return watch(deps, config);
    }
    case 'update': {
      const config = await readConfig(deps.configHome);
      if (!config) throw new AgentError(NOT_ENROLLED);
      const outcome = await updateAgent(deps, config);
      deps.out(
        `${describeUpdate(outcome) ?? (outcome.kind === 'current' ? `The agent is up to date (${outcome.version}).` : `No update: ${outcome.kind === 'skipped' ? outcome.reason : ''}.`)}\n`,
      );
      return outcome.kind === 'failed' ? 1 : 0;
    }
    case 'unenroll':
      return unenroll(options.local === true, deps);
    case 'install-schedule':
      if (!(await readConfig(deps.configHome))) throw new AgentError(NOT_ENROLLED);
      deps.out(`${await installSchedule(scheduleDeps(deps))}\n`);
      return 0;
    case 'uninstall-schedule':
      deps.out(`${await uninstallSchedule(scheduleDeps(deps))}\n`);
      return 0;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

function scheduleDeps(deps: CliDeps): ScheduleDeps {
  return {
    ...deps.schedule,
    platform: deps.device.platform,
    configHome: deps.configHome,
    system: deps.configHome === deps.systemConfigHome,
  };
}

async function enroll(
  code: string | undefined,
  server: string | undefined,
  install: boolean,
  system: { owner?: string | undefined } | undefined,
  deps: CliDeps,
): Promise<number> {
  if (!code?.trim() || !server) throw new UsageError(`Usage: ${ENROLL_USAGE}`);
  const owner = system?.owner?.trim();
  if (owner !== undefined && !/^[\w.@$\\-]{1,128}$/.test(owner)) {
    throw new UsageError(`--owner "${owner}" is not a user name or SID.`);
  }
  let base: string;
  try {
    base = serverBaseUrl(server);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // A damaged config is replaced by this enrollment.
  const previous = await readConfig(deps.configHome).catch(() => null);
  const device = {
    name: clip(deps.device.name.trim() || 'Unnamed computer', AGENT_LIMITS.deviceNameChars),
    platform: deps.device.platform,
    osVersion: clip(deps.device.osVersion, AGENT_LIMITS.versionChars),
    agentVersion: clip(deps.device.agentVersion, AGENT_LIMITS.versionChars),
  };
  const client = serverClient(base, deps.fetch, userAgent(device.agentVersion));
  const answer = await client.enroll(code.trim(), device);
  const config: AgentConfig = {
    server: base,
    deviceId: answer.deviceId,
    token: answer.token,
    enrolledAt: deps.now().toISOString(),
    currentBrowsers: answer.currentBrowsers,
    ...(answer.updateKey ? { updateKey: answer.updateKey } : {}),
    ...(system ? { system: owner ? { owner } : {} } : {}),
  };
  await writeConfig(deps.configHome, config);
  deps.out(`Enrolled this computer as "${device.name}" with ${base}.\n`);
  if (system) {
    deps.out(
      owner
        ? `Installed for all users: checks judge the account ${owner}.\n`
        : 'Installed for all users, with no --owner: the checks judge the account that runs them.\n',
    );
  }
  if (previous && previous.deviceId !== answer.deviceId) {
    deps.out(
      `This replaces its earlier enrollment (device ${previous.deviceId}); remove that one in Castellan if it is still listed.\n`,
    );
  }
  deps.out('\n');
  let exitCode = 0;
  try {
    exitCode = await checkAndReport(deps, config, { dry: false, json: false });
  } catch (error) {
    if (!(error instanceof AgentError)) throw error;
    deps.err(`${error.message}\n`);
    exitCode = error.exitCode;
  }
  if (install) {
    try {
      deps.out(`${await installSchedule(scheduleDeps(deps))}\n`);
    } catch (error) {
      if (!(error instanceof AgentError)) throw error;
      deps.err(`${error.message}\nThis computer is enrolled all the same.\n`);
      exitCode = 1;
    }
  } else {
    deps.out(
      `To check and report every ${AGENT_SCHEDULE_HOURS} hours, run: castellan-agent install-schedule\n`,
    );
  }
  return exitCode;
}

async function run(dry: boolean, json: boolean, deps: CliDeps): Promise<number> {
  const config = await readConfig(deps.configHome);
  if (!config && !dry)
    throw new AgentError(`${NOT_ENROLLED}\nOr check without reporting: castellan-agent run --dry`);
  return checkAndReport(deps, config, { dry, json });
}

async function status(deps: CliDeps): Promise<number> {
  const config = await readConfig(deps.configHome);
  if (!config) {
    deps.out(`${NOT_ENROLLED}\n`);
    return 1;
  }
  const now = deps.now();
  const lines = [
    `Enrolled with ${config.server} as device ${config.deviceId} since ${formatTime(config.enrolledAt)}.`,
    config.lastReportAt
      ? `Last reported ${formatTime(config.lastReportAt)} (${timeAgo(config.lastReportAt, now)}).`
      : 'Not reported yet.',
  ];
  if (config.lastReportError) lines.push(`The last report failed: ${config.lastReportError}`);
  const staleAfter = AGENT_STALE_DAYS * 24 * 60 * 60 * 1000;
  if (config.lastReportAt && now.getTime() - Date.parse(config.lastReportAt) > staleAfter) {
    lines.push(
      `Castellan no longer counts this computer: it has not reported for over ${AGENT_STALE_DAYS} days.`,
    );
  }
  lines.push(
    (await scheduleInstalled(scheduleDeps(deps)))
      ? `Scheduled every ${AGENT_SCHEDULE_HOURS} hours.`
      : 'Not scheduled: run castellan-agent install-schedule to check and report regularly.',
  );
  deps.out(`${lines.join('\n')}\n`);
  if (config.lastRun) {
    deps.out(`\nLast checked ${formatTime(config.lastRun.at)}:\n`);
    deps.out(
      formatChecks(config.lastRun.checks, deps.device.platform === 'win32', deps.device.platform),
    );
    deps.out(`${summarize(config.lastRun.checks)}\n`);
  } else {
    deps.out('\nNot checked yet: run castellan-agent run\n');
  }
  return 0;
}

async function unenroll(local: boolean, deps: CliDeps): Promise<number> {
  // --local works on a damaged config too: it is being deleted.
  const config = await readConfig(deps.configHome).catch((error) => {
    if (local) return null;
    throw error;
  });
  if (!config && !local) {
    deps.out('This computer is not enrolled.\n');
    // A schedule left behind would only fail every few hours.
    if (await scheduleInstalled(scheduleDeps(deps))) {
      deps.out(`${await uninstallSchedule(scheduleDeps(deps))}\n`);
    }
    return 0;
  }
  if (config && !local) {
    const client = serverClient(config.server, deps.fetch, userAgent(deps.device.agentVersion));
    try {
      const outcome = await client.unenroll(config.token);
      deps.out(
        outcome === 'removed'
          ? `Removed this computer from ${config.server}.\n`
          : `${config.server} had already removed this computer.\n`,
      );
    } catch (error) {
      if (!(error instanceof AgentError)) throw error;
      throw new AgentError(
        `${error.message} Nothing was removed; to delete this computer's settings anyway, run ` +
          'castellan-agent unenroll --local (an administrator can remove the device in Castellan).',
      );
    }
  }
  try {
    deps.out(`${await uninstallSchedule(scheduleDeps(deps))}\n`);
  } catch (error) {
    deps.err(`${(error as Error).message}\n`);
  }
  await removeConfig(deps.configHome);
  deps.out('Deleted its settings and device token from this computer.\n');
  if (local && config) {
    deps.out(`Castellan still lists it: remove it there (${config.server}) if it should go.\n`);
  }
  return 0;
}
