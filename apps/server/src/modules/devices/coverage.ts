import type { Db } from '../../db/client';
import { listDevices } from '../agent/repository';
import { listMembersByName } from '../users/repository';
import { agentReport } from './agent-reports';
import { isStale } from './device-verdicts';
import { checkOf, mergeDevices, newestReport } from './merge-devices';
import { loadSuiteReports } from './suite-facts';

/**
 * How many devices the organisation's evidence covers, each counted once whether the agent, a
 * suite or both report it: how many report still, and how many are encrypted.
 */
export async function deviceCoverage(db: Db, organizationId: string, now = new Date()) {
  const [rows, members] = await Promise.all([
    listDevices(db, organizationId, undefined),
    listMembersByName(db, organizationId),
  ]);
  const memberIds = new Map(members.map((m) => [m.email.toLowerCase(), m.id]));
  const { reports } = await loadSuiteReports(db, organizationId, memberIds, now);
  const devices = mergeDevices([...rows.map(agentReport), ...reports]);
  return {
    devices: devices.length,
    devicesReporting: devices.filter((d) => !isStale(newestReport(d).reportedAt, now)).length,
    devicesEncrypted: devices.filter((d) => checkOf(d, 'disk-encryption')?.state.verdict === 'pass')
      .length,
  };
}
