import type { AgentVerdict } from '@castellan/contract/agent-checks';

const DAY_MS = 24 * 60 * 60 * 1000;

const localDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/**
 * When an enrollment code stops working, in the browser's local time on a 24-hour clock:
 * "14:05 today", "14:05 tomorrow", or past that "14:05 on Nov 27".
 */
export function formatExpiry(expiresAt: string | Date, now: Date = new Date()): string {
  const end = expiresAt instanceof Date ? expiresAt : new Date(expiresAt);
  const time = `${String(end.getHours()).padStart(2, '0')}:${String(end.getMinutes()).padStart(2, '0')}`;
  const days = Math.round((localDay(end).getTime() - localDay(now).getTime()) / DAY_MS);
  if (days === 0) return `${time} today`;
  if (days === 1) return `${time} tomorrow`;
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(end);
  return `${time} on ${date}`;
}

/** A file's size in megabytes (10⁶ bytes, as systems show downloads), one decimal: "42.3 MB". */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / 1_000_000;
  if (bytes > 0 && megabytes < 0.1) return 'less than 0.1 MB';
  return `${megabytes.toFixed(1)} MB`;
}

/** A check's verdict in words, so that its badge does not speak by colour alone. */
export const VERDICT_WORDS: Record<AgentVerdict, string> = {
  pass: 'Passed',
  fail: 'Failed',
  unknown: 'Could not tell',
};

export const VERDICT_COLORS: Record<AgentVerdict, string> = {
  pass: 'green',
  fail: 'red',
  unknown: 'gray',
};

/** One line for a device's last report: "5 passed, 1 failed, 1 could not tell". */
export function summarizeVerdicts(checks: readonly { verdict: AgentVerdict }[]): string {
  if (checks.length === 0) return 'No results yet';
  const count = (verdict: AgentVerdict) => checks.filter((c) => c.verdict === verdict).length;
  const parts: string[] = [];
  if (count('pass')) parts.push(`${count('pass')} passed`);
  if (count('fail')) parts.push(`${count('fail')} failed`);
  if (count('unknown')) parts.push(`${count('unknown')} could not tell`);
  return parts.join(', ');
}

/** The system and its version as the device reported them: "macOS 15.1". */
export function systemWords(systemName: string, osVersion: string): string {
  return osVersion.trim() ? `${systemName} ${osVersion.trim()}` : systemName;
}

/**
 * Why a device does not count, when it does not: it has never reported (the server calls that
 * stale too), or it has been silent for AGENT_STALE_DAYS. Null for a device that counts.
 */
export function deviceStanding(
  device: { stale: boolean; lastReportAt: string | null },
  staleDays: number,
): { badge: string; sentence: string } | null {
  if (device.lastReportAt === null) {
    return {
      badge: 'No report yet',
      sentence: 'It counts from its first report, sent when the agent is enrolled or next runs.',
    };
  }
  if (!device.stale) return null;
  return {
    badge: 'Stale',
    sentence: `Silent for ${staleDays} days or more: its results no longer count until it reports again.`,
  };
}

/**
 * A device whose agent is AGENT_BEHIND_FLAG releases or more behind the server's build: a badge
 * and what to do; null otherwise.
 */
export function agentBehind(
  device: { agentVersion: string; releasesBehind: number | null },
  flagAt: number,
): { badge: string; sentence: string } | null {
  if (device.releasesBehind === null || device.releasesBehind < flagAt) return null;
  return {
    badge: `Agent ${device.releasesBehind} versions behind`,
    sentence: `It runs agent ${device.agentVersion}, and has not updated itself (older agents cannot): install the agent on it again from the agent download page.`,
  };
}
