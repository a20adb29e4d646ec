// What the schedule installs on each system, as pure functions of the agent's command line.
import path from 'node:path';
import { AGENT_SCHEDULE_HOURS } from '@castellan/contract/agent-checks';
import { AgentError } from './agent-error';

export const SYSTEMD_UNIT = 'castellan-agent';
export const LAUNCHD_LABEL = 'com.castellan.agent';
export const WINDOWS_TASK_NAME = 'Castellan Agent';
/** schtasks refuses a /TR command line longer than this. */
export const WINDOWS_TR_MAX = 261;

const SCHEDULE_SECONDS = AGENT_SCHEDULE_HOURS * 60 * 60;

/**
 * How this agent is started again: a single executable is its own program; a script needs the
 * node that runs it. `execPath` and `scriptPath` are process.execPath and process.argv[1].
 */
export function agentCommand(execPath: string, scriptPath: string | undefined): string[] {
  const program = path.basename(execPath).toLowerCase();
  const isNode = /^node(js)?[\d.]*(\.exe)?$/.test(program);
  if (!isNode || !scriptPath) return [execPath];
  return [execPath, path.resolve(scriptPath)];
}

export function systemdService(command: readonly string[], configHome: string): string {
  return [
    '[Unit]',
    "Description=Castellan Agent: checks this computer's security settings",
    '',
    '[Service]',
    'Type=oneshot',
    `Environment=${systemdQuote(`CASTELLAN_AGENT_HOME=${configHome}`, false)}`,
    `ExecStart=${[...command, 'run'].map((arg) => systemdQuote(arg, true)).join(' ')}`,
    '',
  ].join('\n');
}

/**
 * Every AGENT_SCHEDULE_HOURS hours by the calendar, so that `Persistent` runs a check missed while
 * the computer was off or asleep as soon as it is back; spread over 20 minutes so that an
 * office's computers do not all report at the same second.
 */
export function systemdTimer(): string {
  return [
    '[Unit]',
    `Description=Run the Castellan Agent every ${AGENT_SCHEDULE_HOURS} hours`,
    '',
    '[Timer]',
    'OnBootSec=5min',
    `OnCalendar=*-*-* 00/${AGENT_SCHEDULE_HOURS}:00:00`,
    'RandomizedDelaySec=20min',
    'Persistent=true',
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
  ].join('\n');
}

/** One word of a unit file line; `$` is doubled where systemd would expand variables. */
export function systemdQuote(word: string, expandsVariables: boolean): string {
  refuseControlCharacters(word);
  let text = word.replace(/%/g, '%%');
  if (expandsVariables) text = text.replace(/\$/g, '$$$$');
  if (/^[\w@+=:,./%$-]+$/.test(word)) return text;
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function launchdPlist(command: readonly string[], configHome: string): string {
  const args = [...command, 'run'].map((arg) => `    <string>${xmlEscape(arg)}</string>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    '  <key>Label</key>',
    `  <string>${LAUNCHD_LABEL}</string>`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...args,
    '  </array>',
    '  <key>EnvironmentVariables</key>',
    '  <dict>',
    '    <key>CASTELLAN_AGENT_HOME</key>',
    `    <string>${xmlEscape(configHome)}</string>`,
    '  </dict>',
    '  <key>StartInterval</key>',
    `  <integer>${SCHEDULE_SECONDS}</integer>`,
    '  <key>RunAtLoad</key>',
    '  <true/>',
    '  <key>ProcessType</key>',
    '  <string>Background</string>',
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}

function xmlEscape(text: string): string {
  refuseControlCharacters(text);
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The arguments of `schtasks` that create the task (no shell: Node quotes each for Windows). */
export function schtasksCreateArgs(command: readonly string[], system = false): string[] {
  const taskRun = [...command, 'run'].map(windowsQuote).join(' ');
  if (taskRun.length > WINDOWS_TR_MAX) {
    throw new AgentError(
      `Windows cannot schedule a command longer than ${WINDOWS_TR_MAX} characters; move the agent to a shorter path, e.g. C:\\Castellan.`,
    );
  }
  return [
    '/Create',
    '/SC',
    'HOURLY',
    '/MO',
    String(AGENT_SCHEDULE_HOURS),
    '/TN',
    WINDOWS_TASK_NAME,
    '/TR',
    taskRun,
    // For all users: as SYSTEM, which may replace the agent in Program Files when it updates.
    ...(system ? ['/RU', 'SYSTEM', '/RL', 'HIGHEST'] : []),
    '/F',
  ];
}

/** A word of a Windows command line; Windows paths cannot hold `"`, so quoting is enough. */
export function windowsQuote(word: string): string {
  refuseControlCharacters(word);
  if (word.includes('"')) throw new AgentError(`Cannot schedule a command containing ": ${word}`);
  return /^[\w:.\\/-]+$/.test(word) ? word : `"${word}"`;
}

function refuseControlCharacters(text: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    throw new AgentError(`Cannot schedule a path with a line break or control character in it.`);
  }
}
