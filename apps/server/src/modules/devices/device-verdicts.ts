// The device tasks of each member, judged from their devices as every source reports them. Each
// device counts once (merge-devices.ts); on each check the newest report that could tell wins,
// and the verdict is recorded under the source of that report, so a newer Intune "encrypted"
// replaces an older agent "not encrypted" on the same laptop. A task passes only when every
// device that counts for it passes; one failing device fails it.
import {
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  AGENT_STALE_DAYS,
  DEVICE_SOURCE_NAMES,
  DEVICE_TASK_IDS,
  type DeviceSource,
} from '@castellan/contract';
import type { Evidence } from '../tasks/evidence';
import type { DeviceCheckId, DeviceReport } from './device-report';
import { type CheckOutcome, checkOf, type MergedDevice, mergeDevices } from './merge-devices';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A device that has not reported for AGENT_STALE_DAYS no longer counts. */
export const isStale = (reportedAt: Date | null, now: Date) =>
  reportedAt === null || now.getTime() - reportedAt.getTime() >= AGENT_STALE_DAYS * DAY_MS;

/** The phone task, and the checks of a phone that decide it. */
export const PHONE_TASK = 'lock-phone';
const PHONE_CHECKS: readonly DeviceCheckId[] = ['screen-lock', 'os-updates', 'integrity'];

/** Every task the devices decide: what a re-judging replaces in each source's evidence. */
export const DEVICE_TASKS: ReadonlySet<string> = new Set(DEVICE_TASK_IDS);

/** A member's verdict on a task, and the source whose reports decided it. */
export type DeviceVerdict = Omit<Evidence, 'source' | 'userId'> & { source: DeviceSource };

type Result = {
  verdict: 'pass' | 'fail' | 'unknown';
  evidence: string;
  source: DeviceSource;
  at: Date | null;
};

const dayOf = (at: Date | null) =>
  at
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        at,
      )
    : 'never';

/** A check's state in words; where sources disagree, each with its name and day. */
export function outcomeText(outcome: CheckOutcome): string {
  if (outcome.disagreeing.length === 0) return outcome.state.evidence;
  return [outcome, ...outcome.disagreeing]
    .map((o) => {
      const said = o.state.evidence.trim().replace(/\.$/, '') || o.state.verdict;
      return `${DEVICE_SOURCE_NAMES[o.report.source]}, ${dayOf(o.report.reportedAt)}: ${said}`;
    })
    .join('; ')
    .concat('.');
}

const resultOf = (outcome: CheckOutcome): Result => ({
  verdict: outcome.state.verdict,
  evidence: outcomeText(outcome),
  source: outcome.report.source,
  at: outcome.report.reportedAt,
});

/**
 * A phone is locked and up to date when a screen lock is set and its system is current; a
 * jailbroken or rooted phone fails too (its lock can be bypassed). What no report tells leaves it
 * undecided.
 */
function phoneResult(device: MergedDevice): Result | undefined {
  const parts = PHONE_CHECKS.flatMap((id) => {
    const outcome = checkOf(device, id);
    return outcome ? [{ id, result: resultOf(outcome) }] : [];
  });
  if (parts.length === 0) return undefined;
  const failing = parts.filter((p) => p.result.verdict === 'fail');
  const passes = (id: DeviceCheckId) =>
    parts.some((p) => p.id === id && p.result.verdict === 'pass');
  const decided = failing.length > 0 ? failing : parts;
  const newest = [...decided].sort(
    (a, b) => (b.result.at?.getTime() ?? 0) - (a.result.at?.getTime() ?? 0),
  )[0]?.result;
  if (!newest) return undefined;
  const verdict =
    failing.length > 0
      ? 'fail'
      : passes('screen-lock') && passes('os-updates')
        ? 'pass'
        : 'unknown';
  return {
    verdict,
    evidence: decided.map((p) => p.result.evidence).join(' '),
    source: newest.source,
    at: newest.at,
  };
}

/**
 * What one device says about a check's task (`null`: the phone task); undefined when the device
 * does not count for it: a phone for a computer's task, or no report covers the check.
 */
function resultFor(device: MergedDevice, check: DeviceCheckId | null): Result | undefined {
  const kind = device.reports[0]?.kind;
  if (check === null) return kind === 'phone' ? phoneResult(device) : undefined;
  if (kind !== 'computer') return undefined;
  const outcome = checkOf(device, check);
  return outcome ? resultOf(outcome) : undefined;
}

/** The name a device is shown by: the agent's (its hostname), else the newest report's. */
export const deviceName = (device: MergedDevice) =>
  (device.reports.find((r) => r.source === 'agent') ?? device.reports[0])?.name ?? '';

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

type Shown = { name: string; result: Result };

function detailOf(shown: readonly Shown[], failing: boolean): string {
  const [first] = shown;
  if (!first) return '';
  if (shown.length === 1) return `Checked on ${first.name}: ${first.result.evidence}`;
  const names = `Checked on ${listOf(shown.map((s) => s.name))}.`;
  return failing ? `${names} ${first.name}: ${first.result.evidence}` : names;
}

/** The tasks each check decides, and the phone task. */
const TASK_CHECKS: readonly { task: string; check: DeviceCheckId | null }[] = [
  ...AGENT_CHECK_IDS.flatMap((check) => AGENT_CHECKS[check].tasks.map((task) => ({ task, check }))),
  { task: PHONE_TASK, check: null },
];

/** One member's verdicts from their devices (already merged, stale reports left out). */
export function memberDeviceVerdicts(devices: readonly MergedDevice[]): DeviceVerdict[] {
  const named = [...devices]
    .map((device) => ({ device, name: deviceName(device) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return TASK_CHECKS.flatMap(({ task, check }) => {
    const results = named.flatMap(({ device, name }) => {
      const result = resultFor(device, check);
      return result ? [{ name, result }] : [];
    });
    const failing = results.filter((r) => r.result.verdict === 'fail');
    const allPass = results.length > 0 && results.every((r) => r.result.verdict === 'pass');
    if (failing.length === 0 && !allPass) return [];
    const shown = failing.length > 0 ? failing : results;
    const bySource = new Map<DeviceSource, Shown[]>();
    for (const s of shown)
      bySource.set(s.result.source, [...(bySource.get(s.result.source) ?? []), s]);
    return [...bySource].map(([source, own]) => ({
      catalogueId: task,
      verdict: failing.length > 0 ? ('fail' as const) : ('pass' as const),
      detail: detailOf(own, failing.length > 0),
      checkedAt: new Date(Math.max(...own.map((s) => s.result.at?.getTime() ?? 0))),
      source,
    }));
  });
}

/** Every member's device verdicts from all reports on the organisation's devices. */
export function deviceEvidence(
  reports: readonly DeviceReport[],
  now: Date,
): (Omit<Evidence, 'source'> & { source: DeviceSource })[] {
  const counted = reports.filter((r) => !isStale(r.reportedAt, now));
  const byMember = new Map<string, MergedDevice[]>();
  for (const device of mergeDevices(counted)) {
    const owner = device.reports[0]?.ownerId;
    if (owner !== undefined) byMember.set(owner, [...(byMember.get(owner) ?? []), device]);
  }
  return [...byMember].flatMap(([userId, devices]) =>
    memberDeviceVerdicts(devices).map((v) => ({ ...v, userId })),
  );
}
