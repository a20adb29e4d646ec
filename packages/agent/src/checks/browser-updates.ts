import {
  AGENT_BROWSER_NAMES,
  type AgentBrowser,
  type AgentCheckResult,
  type AgentVerdict,
  type CurrentBrowsers,
  compareVersions,
} from '@castellan/contract/agent-checks';
import type { Check, CheckContext, CommandResult } from '../context';
import { listInWords, namesWithVerb } from './plain-words';
import { plistString } from './plist';

export type InstalledBrowser = { browser: AgentBrowser; version: string };

function result(verdict: AgentVerdict, evidence: string): AgentCheckResult {
  return { id: 'browser-updates', verdict, evidence };
}

const named = ({ browser, version }: InstalledBrowser) =>
  `${AGENT_BROWSER_NAMES[browser]} ${version}`;

/** Compares each installed browser with the current version the server named. */
export function judgeBrowsers(
  installed: readonly InstalledBrowser[],
  current: CurrentBrowsers,
): AgentCheckResult {
  if (installed.length === 0) {
    return result(
      'unknown',
      'No Google Chrome, Mozilla Firefox, Microsoft Edge or Safari was found.',
    );
  }
  // An extended support release trails the current version on purpose.
  const esr = installed.filter((found) => /esr/i.test(found.version));
  const judged = installed.filter(
    (found) => current[found.browser] !== undefined && !esr.includes(found),
  );
  const older = judged.filter(
    (found) => compareVersions(found.version, current[found.browser] ?? '') < 0,
  );
  if (older.length > 0) {
    const sentences = older.map(
      (found) => `${named(found)} is older than the current ${current[found.browser]}.`,
    );
    return result('fail', sentences.join(' '));
  }
  if (judged.length > 0) {
    return result('pass', `${namesWithVerb(judged.map(named), 'is', 'are')} up to date.`);
  }
  const notJudged = installed.filter((found) => !esr.includes(found));
  const sentences: string[] = [];
  if (esr.length > 0) {
    const what = namesWithVerb(
      esr.map(named),
      'is an extended support release',
      'are extended support releases',
    );
    sentences.push(`${what}, not compared with the current version.`);
  }
  if (notJudged.length > 0) {
    const what = listInWords(notJudged.map(named));
    sentences.push(`Found ${what}, but the current version to compare with is not known.`);
  }
  return result('unknown', sentences.join(' '));
}

// --- Linux ---

/** The version in a browser's `--version` line, e.g. "Mozilla Firefox 133.0". */
export function parseVersionLine(run: CommandResult): string | null {
  if (!run.ok) return null;
  return /\b(\d+(?:\.\d+)+[a-z0-9]*)/.exec(run.stdout)?.[1] ?? null;
}

const LINUX_COMMANDS: Record<Exclude<AgentBrowser, 'safari'>, readonly string[]> = {
  chrome: ['google-chrome', 'google-chrome-stable'],
  firefox: ['firefox'],
  edge: ['microsoft-edge', 'microsoft-edge-stable'],
};

async function linuxBrowser(
  ctx: CheckContext,
  browser: Exclude<AgentBrowser, 'safari'>,
): Promise<InstalledBrowser | null> {
  for (const command of LINUX_COMMANDS[browser]) {
    const version = parseVersionLine(await ctx.run(command, ['--version'], { timeoutMs: 15_000 }));
    if (version) return { browser, version };
  }
  return null;
}

// --- macOS ---

const MACOS_APPS: Record<AgentBrowser, string> = {
  chrome: 'Google Chrome',
  firefox: 'Firefox',
  edge: 'Microsoft Edge',
  safari: 'Safari',
};

async function macosBrowser(
  ctx: CheckContext,
  browser: AgentBrowser,
): Promise<InstalledBrowser | null> {
  for (const folder of ['/Applications', `${ctx.homedir}/Applications`]) {
    const plist = await ctx.readFile(`${folder}/${MACOS_APPS[browser]}.app/Contents/Info.plist`);
    const version = plist === null ? null : plistString(plist, 'CFBundleShortVersionString');
    if (version) return { browser, version };
  }
  return null;
}

// --- Windows ---

/**
 * A registry value from `reg query <key> /v <name>`. The value's name and type are not
 * translated, unlike reg's error messages, so only the value line is read.
 */
export function parseRegValue(run: CommandResult, name: string): string | null {
  if (!run.ok) return null;
  const line = run.stdout
    .split(/\r?\n/)
    .map((text) => /^\s+(.+?)\s+REG_SZ\s+(.*?)\s*$/.exec(text))
    .find((match) => match?.[1]?.toLowerCase() === name.toLowerCase());
  return line?.[2] || null;
}

/** Stands for the person's own hive (ctx.userHive) in the keys below. */
const USER_HIVE = 'HKCU';

const WINDOWS_KEYS: Record<Exclude<AgentBrowser, 'safari'>, readonly [string, string][]> = {
  chrome: [
    [`${USER_HIVE}\\Software\\Google\\Chrome\\BLBeacon`, 'version'],
    [
      'HKLM\\SOFTWARE\\WOW6432Node\\Google\\Update\\Clients\\{8A69D345-D564-463c-AFF1-A69D9E530F96}',
      'pv',
    ],
  ],
  edge: [
    [
      'HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\EdgeUpdate\\Clients\\{56EB18F8-B008-4CBD-B6D2-8C97FE7E9062}',
      'pv',
    ],
  ],
  firefox: [
    ['HKLM\\SOFTWARE\\Mozilla\\Mozilla Firefox', 'CurrentVersion'],
    ['HKLM\\SOFTWARE\\WOW6432Node\\Mozilla\\Mozilla Firefox', 'CurrentVersion'],
    [`${USER_HIVE}\\Software\\Mozilla\\Mozilla Firefox`, 'CurrentVersion'],
  ],
};

async function windowsBrowser(
  ctx: CheckContext,
  browser: Exclude<AgentBrowser, 'safari'>,
): Promise<InstalledBrowser | null> {
  for (const [listed, name] of WINDOWS_KEYS[browser]) {
    const key = listed.startsWith(`${USER_HIVE}\\`)
      ? `${ctx.userHive}${listed.slice(USER_HIVE.length)}`
      : listed;
    const value = parseRegValue(await ctx.run('reg', ['query', key, '/v', name]), name);
    // Firefox writes its version with the build's details: "133.0 (x64 en-US)".
    const version = value?.split(' ')[0];
    if (version && /^\d/.test(version)) return { browser, version };
  }
  return null;
}

async function findBrowsers(ctx: CheckContext): Promise<InstalledBrowser[]> {
  const others = ['chrome', 'firefox', 'edge'] as const;
  let found: (InstalledBrowser | null)[];
  switch (ctx.platform) {
    case 'linux':
      found = await Promise.all(others.map((browser) => linuxBrowser(ctx, browser)));
      break;
    case 'darwin':
      found = await Promise.all(
        [...others, 'safari' as const].map((browser) => macosBrowser(ctx, browser)),
      );
      break;
    case 'win32':
      found = await Promise.all(others.map((browser) => windowsBrowser(ctx, browser)));
      break;
  }
  return found.filter((browser) => browser !== null);
}

export const browserUpdates: Check = async (ctx) =>
  judgeBrowsers(await findBrowsers(ctx), ctx.currentBrowsers);
