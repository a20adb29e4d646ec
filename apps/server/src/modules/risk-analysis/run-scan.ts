import type { ScanReport } from '@castellan/contract';
import { ScanError, type ScannerOptions, scanDomain } from '@castellan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type DomainScanRow, finishScan, recordProgress } from './repository';
import { scanFailureMessage } from './scan-failure';

/**
 * Runs a recorded scan to its end: progress is written as checks finish, then the report, or
 * the plain failure message (the error itself goes to the log only). A failed scan is an outcome,
 * not an error: this throws only when no outcome could be recorded (the database is away), so
 * that the job running it tries again. Resolves to the report, or null when the scan failed.
 */
export async function runScan(
  db: Db,
  row: DomainScanRow,
  options: ScannerOptions,
  log: FastifyBaseLogger,
): Promise<ScanReport | null> {
  // Progress is written in order, one update at a time.
  let progress = Promise.resolve();
  try {
    const report = await scanDomain(
      row.domain,
      options,
      ({ done }) => {
        progress = progress.then(() => recordProgress(db, row.id, done)).catch(() => {});
      },
      (check, err) => log.warn({ err, scanId: row.id, check }, 'a scan check failed'),
    );
    await progress;
    await finishScan(db, row.id, { report });
    log.info({ scanId: row.id, durationMs: report.durationMs }, 'domain scan finished');
    return report;
  } catch (err) {
    await progress;
    if (err instanceof ScanError) {
      log.info({ scanId: row.id, reason: err.code, detail: err.message }, 'domain scan failed');
    } else {
      log.error({ err, scanId: row.id }, 'domain scan failed');
    }
    await finishScan(db, row.id, { error: scanFailureMessage(err, row.domain) });
    return null;
  }
}
