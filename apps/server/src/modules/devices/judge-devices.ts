// Judges the device tasks of an organisation (or of one member) from every source at once, and
// records each verdict under the source whose report decided it: the agent's evidence, and the
// device part of Google Workspace's and Microsoft 365's. Called when an agent reports or leaves,
// after a suite's sync or disconnect, and daily (devices that went silent stop counting).
import { DEVICE_SOURCES, type DeviceSource } from '@castellan/contract';
import type { Db } from '../../db/client';
import {
  listOrganizationsWithDevices,
  lockMemberDevices,
  lockOrganizationDevices,
} from '../agent/repository';
import type { Evidence } from '../tasks/evidence';
import { listEvidenceFrom } from '../tasks/repository';
import { recordTimedEvidence } from '../tasks/service';
import { listMembersByName } from '../users/repository';
import { agentReport } from './agent-reports';
import { DEVICE_TASKS, deviceEvidence } from './device-verdicts';
import { loadSuiteReports, type Suite } from './suite-facts';

type Row = Omit<Evidence, 'source'>;

export type JudgeDevicesOptions = {
  now?: Date;
  /** Judge this member only (an agent reported): their devices are locked for it. */
  onlyUserId?: string;
};

const keyOf = (e: Row) =>
  `${e.catalogueId}|${e.userId ?? ''}|${e.verdict}|${e.detail ?? ''}|${e.checkedAt.getTime()}`;
const sameRows = (a: readonly Row[], b: readonly Row[]) =>
  a.length === b.length && a.map(keyOf).sort().join('\n') === b.map(keyOf).sort().join('\n');

export async function judgeDevices(
  db: Db,
  organizationId: string,
  { now = new Date(), onlyUserId }: JudgeDevicesOptions = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const agentDevices =
      onlyUserId === undefined
        ? await lockOrganizationDevices(tx, organizationId)
        : await lockMemberDevices(tx, organizationId, onlyUserId);
    const members = await listMembersByName(tx, organizationId, onlyUserId);
    const memberIds = new Map(members.map((m) => [m.email.toLowerCase(), m.id]));
    const suites = await loadSuiteReports(tx, organizationId, memberIds, now);
    const reports = [...agentDevices.map(agentReport), ...suites.reports];
    const verdicts = deviceEvidence(reports, now);
    const rowsOf = (source: DeviceSource): Row[] =>
      verdicts.filter((v) => v.source === source).map(({ source: _, ...row }) => row);

    for (const source of DEVICE_SOURCES) {
      const rows = rowsOf(source);
      if (source === 'agent') {
        await recordTimedEvidence(tx, organizationId, 'agent', rows, onlyUserId);
      } else if (suites.connected.includes(source)) {
        await replaceDevicePart(tx, organizationId, source, rows, onlyUserId);
      }
    }
  });
}

/** Replaces what a suite said about device tasks, keeping what it said about the others. */
async function replaceDevicePart(
  db: Db,
  organizationId: string,
  source: Suite,
  rows: readonly Row[],
  onlyUserId: string | undefined,
) {
  const stored = (await listEvidenceFrom(db, organizationId, [source]))
    .filter((e) => onlyUserId === undefined || e.userId === onlyUserId)
    .map(({ source: _, ...row }) => row);
  const devicePart = stored.filter((e) => DEVICE_TASKS.has(e.catalogueId));
  if (sameRows(devicePart, rows)) return;
  const others = stored.filter((e) => !DEVICE_TASKS.has(e.catalogueId));
  await recordTimedEvidence(db, organizationId, source, [...others, ...rows], onlyUserId);
}

/**
 * Judges the devices of every organisation with the agent again (daily): a device that went
 * silent stops counting though nothing reported. Returns the number of organisations judged.
 */
export async function judgeStaleDevices(db: Db, now = new Date()): Promise<number> {
  const organizationIds = await listOrganizationsWithDevices(db);
  for (const organizationId of organizationIds) {
    await judgeDevices(db, organizationId, { now });
  }
  return organizationIds.length;
}
