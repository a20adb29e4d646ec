import { DEVICE_TASK_IDS, type EvidenceSource } from '@castellan/contract';
import type { Db } from '../../../db/client';
import type { Verdict } from '../../tasks/evidence';
import { listEvidenceFrom } from '../../tasks/repository';
import { recordTimedEvidence } from '../../tasks/service';
import { countChecks } from './checks';
import { type IntegrationRow, saveSyncCounts } from './repository';
import { reportsOnDevices } from './suite-device';

const DEVICE_TASKS: ReadonlySet<string> = new Set(DEVICE_TASK_IDS);

/**
 * Records what an integration's last sync says about tasks, as of that sync, and the counts the
 * integrations page shows with it. What it said about the device tasks stays: the devices module
 * judges those from every source's reports and replaces them itself. Dropping them here would
 * open those tasks for a moment, and record that as task changes.
 */
export async function recordSuiteVerdicts(
  db: Db,
  row: Pick<IntegrationRow, 'id' | 'organizationId' | 'lastScan'>,
  source: EvidenceSource,
  verdicts: readonly Verdict[],
  usersRead: number,
): Promise<void> {
  const checkedAt = row.lastScan ?? new Date();
  await db.transaction(async (tx) => {
    const devicePart = reportsOnDevices(source)
      ? (await listEvidenceFrom(tx, row.organizationId, [source]))
          .filter((e) => DEVICE_TASKS.has(e.catalogueId))
          .map(({ source: _, ...e }) => e)
      : [];
    await recordTimedEvidence(tx, row.organizationId, source, [
      ...verdicts.map((v) => ({ ...v, checkedAt })),
      ...devicePart,
    ]);
  });
  await saveSyncCounts(db, row.id, { usersRead, ...countChecks(verdicts) });
}
