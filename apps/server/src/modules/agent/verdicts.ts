import {
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  AGENT_STALE_DAYS,
  type AgentCheckId,
} from '@castellan/contract';
import type { Evidence } from '../tasks/evidence';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What judging needs of a device. */
export type JudgedDevice = {
  name: string;
  lastReportAt: Date | null;
  checks: readonly { id: string; verdict: 'pass' | 'fail' | 'unknown'; evidence: string }[];
};

/** A device that has not reported for AGENT_STALE_DAYS no longer counts. */
export const isStale = (lastReportAt: Date | null, now: Date) =>
  lastReportAt === null || now.getTime() - lastReportAt.getTime() >= AGENT_STALE_DAYS * DAY_MS;

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

type MemberVerdict = Omit<Evidence, 'source' | 'userId'>;

/**
 * The agent's verdict on each task of one member from all their devices: a check passes only when
 * every device that counts passed it; one failing device fails it; a device that could not tell
 * (or never ran the check) leaves the task to what was marked by hand.
 */
export function memberVerdicts(devices: readonly JudgedDevice[], now: Date): MemberVerdict[] {
  const counted = devices.filter((d) => !isStale(d.lastReportAt, now));
  if (counted.length === 0) return [];
  return AGENT_CHECK_IDS.flatMap((id) => verdictsOfCheck(id, counted));
}

function verdictsOfCheck(id: AgentCheckId, devices: readonly JudgedDevice[]): MemberVerdict[] {
  const results = [...devices]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((device) => ({ device, result: device.checks.find((c) => c.id === id) }));
  const failing = results.filter((r) => r.result?.verdict === 'fail');
  const allPass = results.every((r) => r.result?.verdict === 'pass');
  if (failing.length === 0 && !allPass) return [];
  const shown = failing.length > 0 ? failing : results;
  const [first] = shown;
  const detail =
    shown.length === 1 && first?.result
      ? `Checked on ${first.device.name}: ${first.result.evidence}`
      : `Checked on ${listOf(shown.map((r) => r.device.name))}.${
          failing.length > 0 && first?.result
            ? ` ${first.device.name}: ${first.result.evidence}`
            : ''
        }`;
  const checkedAt = new Date(Math.max(...shown.map((r) => r.device.lastReportAt?.getTime() ?? 0)));
  const verdict = failing.length > 0 ? 'fail' : 'pass';
  return AGENT_CHECKS[id].tasks.map((catalogueId) => ({ catalogueId, verdict, detail, checkedAt }));
}
