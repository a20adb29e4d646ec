import { SUITE_PROVIDER_IDS, type SuiteProviderId } from '@castellan/contract';
import type { Db } from '../../db/client';
import { listIntegrationRows } from '../integrations/kit/repository';
import { devicesOfRead, type SuiteDevicesRead } from '../integrations/kit/suite-device';
import type { DeviceReport } from './device-report';
import { suiteReports } from './suite-reports';

export type Suite = SuiteProviderId;

/** The suites connected and synced, each with its last sync's devices of members, as reports. */
export async function loadSuiteReports(
  db: Db,
  organizationId: string,
  memberIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<{
  connected: Suite[];
  reports: DeviceReport[];
  /** The suites whose last sync could not read devices, and why. */
  unknown: { source: Suite; reason: string }[];
}> {
  const rows = await listIntegrationRows(db, organizationId);
  const connected: Suite[] = [];
  const reports: DeviceReport[] = [];
  const unknown: { source: Suite; reason: string }[] = [];
  for (const suite of SUITE_PROVIDER_IDS) {
    const row = rows.find((r) => r.integrationId === suite);
    if (!row) continue;
    connected.push(suite);
    if (!row.facts || !row.lastScan) continue;
    // Facts of syncs before devices were read have no `devices`.
    const read = (row.facts as { devices?: SuiteDevicesRead }).devices;
    if (read && read.devices === null) unknown.push({ source: suite, reason: read.unknown });
    reports.push(...suiteReports(suite, devicesOfRead(read), memberIds, now));
  }
  return { connected, reports, unknown };
}
