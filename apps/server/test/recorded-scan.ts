import type { ScanReport } from '@castellan/contract';
import type { Db } from '../src/db/client';
import { finishScan, insertScan } from '../src/modules/risk-analysis/repository';
import { judgeTasksByScan } from '../src/modules/tasks/scan-evidence';

/**
 * A finished scan of the organisation's own domain, recorded as the scan job records one (the
 * report, then the task evidence), for tests whose domain cannot really be scanned.
 */
export async function recordFinishedScan(
  db: Db,
  organizationId: string,
  report: ScanReport,
): Promise<{ id: string }> {
  const scan = await insertScan(db, {
    domain: report.domain,
    organizationId,
    requestedById: null,
    checksTotal: report.findings.length,
  });
  await finishScan(db, scan.id, { report });
  await judgeTasksByScan(db, { organizationId, report });
  return scan;
}
