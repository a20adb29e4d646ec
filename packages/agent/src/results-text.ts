// Check results and times in plain words for the terminal.
import {
  AGENT_CHECKS,
  type AgentCheckResult,
  type AgentPlatform,
  type AgentVerdict,
} from '@castellan/contract/agent-checks';
import { agentFix, agentFixText } from '@castellan/contract/agent-fixes';

const SYMBOLS: Record<AgentVerdict, string> = { pass: '✔', fail: '✘', unknown: '?' };
/** For consoles that may lack the symbols (Windows' older ones). */
const WORDS: Record<AgentVerdict, string> = {
  pass: 'PASS   ',
  fail: 'FAIL   ',
  unknown: 'UNKNOWN',
};

/**
 * One line per check, e.g. "  ✔ Disk encryption: FileVault is On."; under a failing one, where to
 * fix it on `platform`, e.g. "      Fix it: Open FileVault settings: x-apple.systempreferences:…".
 */
export function formatChecks(
  checks: readonly AgentCheckResult[],
  words: boolean,
  platform?: AgentPlatform,
): string {
  return checks
    .map((check) => {
      const mark = (words ? WORDS : SYMBOLS)[check.verdict];
      const name = AGENT_CHECKS[check.id]?.name ?? check.id;
      const admin = check.needsAdmin ? ' (needs administrator rights to say more)' : '';
      const fix = check.verdict === 'fail' && platform ? agentFix(check.id, platform) : null;
      const fixLine = fix ? `      Fix it: ${agentFixText(fix)}\n` : '';
      return `  ${mark} ${name}: ${oneLine(check.evidence)}${admin}\n${fixLine}`;
    })
    .join('');
}

/** e.g. "5 passed, 1 failed, 1 unknown." */
export function summarize(checks: readonly AgentCheckResult[]): string {
  const count = (verdict: AgentVerdict) => checks.filter((c) => c.verdict === verdict).length;
  return `${count('pass')} passed, ${count('fail')} failed, ${count('unknown')} unknown.`;
}

/** e.g. "2026-11-25 15:45 UTC" */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** e.g. "3 hours ago" */
export function timeAgo(iso: string, now: Date): string {
  const minutes = Math.round((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes)) return 'at an unknown time';
  if (minutes < 1) return 'just now';
  if (minutes < 90) return plural(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.round(hours / 24), 'day');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Evidence comes from system tools: one line, without terminal control characters. */
function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
}
