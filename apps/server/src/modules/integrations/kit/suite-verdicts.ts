import type { EvidenceSource } from '@castellan/contract';
import type { Db } from '../../../db/client';
import type { Verdict } from '../../tasks/evidence';
import { recordEvidence } from '../../tasks/service';
import { countChecks } from './checks';
import { type IntegrationRow, saveSyncCounts } from './repository';

/**
 * Records what an integration's last sync says about tasks, as of that sync, and the counts the
 * integrations page shows with it.
 */
export async function recordSuiteVerdicts(
  db: Db,
  row: Pick<IntegrationRow, 'id' | 'organizationId' | 'lastScan'>,
  source: EvidenceSource,
  verdicts: readonly Verdict[],
  usersRead: number,
): Promise<void> {
  await recordEvidence(db, row.organizationId, source, verdicts, row.lastScan ?? new Date());
  await saveSyncCounts(db, row.id, { usersRead, ...countChecks(verdicts) });
}
