/**
 * What the endpoint agent checks, shared by the agent (which bundles this file), the server and
 * the web app. No zod here: the agent has no runtime dependencies beyond Node's own modules.
 */

export const AGENT_CHECK_IDS = [
  'disk-encryption',
  'firewall',
  'screen-lock',
  'os-updates',
  'malware-protection',
  'standard-account',
  'browser-updates',
] as const;
export type AgentCheckId = (typeof AGENT_CHECK_IDS)[number];

/** Each check's name in plain words and the catalogue tasks its verdict completes or reopens. */
export const AGENT_CHECKS: Record<AgentCheckId, { name: string; tasks: readonly string[] }> = {
  'disk-encryption': { name: 'Disk encryption', tasks: ['encrypt-disk'] },
  firewall: { name: 'Firewall', tasks: ['enable-firewall'] },
  'screen-lock': { name: 'Screen lock', tasks: ['screen-lock'] },
  'os-updates': { name: 'Operating system updates', tasks: ['update-operating-system'] },
  'malware-protection': { name: 'Malware protection', tasks: ['enable-malware-protection'] },
  'standard-account': { name: 'Standard account', tasks: ['use-standard-account'] },
  'browser-updates': { name: 'Browser updates', tasks: ['update-browser'] },
};

/** `unknown`: the check could not tell (a tool missing, not allowed, or not applicable). */
export const AGENT_VERDICTS = ['pass', 'fail', 'unknown'] as const;
export type AgentVerdict = (typeof AGENT_VERDICTS)[number];

/** The systems the agent runs on, as Node's `process.platform` names them. */
export const AGENT_PLATFORMS = ['linux', 'darwin', 'win32'] as const;
export type AgentPlatform = (typeof AGENT_PLATFORMS)[number];
export const AGENT_PLATFORM_NAMES: Record<AgentPlatform, string> = {
  linux: 'Linux',
  darwin: 'macOS',
  win32: 'Windows',
};

/** The browsers whose version the agent compares with the current one the server names. */
export const AGENT_BROWSERS = ['chrome', 'firefox', 'edge', 'safari'] as const;
export type AgentBrowser = (typeof AGENT_BROWSERS)[number];
export const AGENT_BROWSER_NAMES: Record<AgentBrowser, string> = {
  chrome: 'Google Chrome',
  firefox: 'Mozilla Firefox',
  edge: 'Microsoft Edge',
  safari: 'Safari',
};
/** The current version of each browser, as the server says (a browser it does not name is not judged). */
export type CurrentBrowsers = Partial<Record<AgentBrowser, string>>;

/** What one check found on one device. */
export type AgentCheckResult = {
  id: AgentCheckId;
  verdict: AgentVerdict;
  /** What the check saw, in plain words, e.g. "FileVault is On." */
  evidence: string;
  /** True when the check could say more if run as root or administrator. */
  needsAdmin?: boolean;
};

/** Bounds the server holds a report to, and the agent keeps within. */
export const AGENT_LIMITS = {
  reportBytes: 64 * 1024,
  evidenceChars: 500,
  deviceNameChars: 100,
  versionChars: 100,
  /** A report dated further ahead of the server's clock is refused. */
  futureSkewMinutes: 10,
} as const;

/** A device that has not reported for this many days is stale: it no longer counts. */
export const AGENT_STALE_DAYS = 14;

/** The agent runs `run` this often once its schedule is installed. */
export const AGENT_SCHEDULE_HOURS = 6;

/** Compares dotted version strings numerically: negative when `a` is older than `b`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.\s]/).map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(/[.\s]/).map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
