import type { ScanReport } from '@castellan/contract';
import { SCAN_CHECK_COUNT, type ScannerOptions, WEB_CHECK_IDS } from '@castellan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ScanRequest } from './background-scans';
import {
  type DomainScanRow,
  failRunningScans,
  findRunningScanIds,
  insertScan,
  listRunningScanIds,
  restartScan,
} from './repository';
import { runScan } from './run-scan';
import { INTERNAL_FAILURE, INTERRUPTED } from './scan-failure';

/**
 * A scan's life from record to outcome, whoever runs it (the domain-scan job today): the rules of
 * what a run does and how an abandoned or unrunnable scan ends live here, not in the job.
 */

/** Records a scan that has not started yet, with every check still to do. */
export function recordScan(db: Db, request: ScanRequest): Promise<DomainScanRow> {
  const scope = request.scope ?? 'full';
  return insertScan(db, {
    domain: request.domain,
    organizationId: request.organizationId,
    requestedById: request.requestedById,
    watchTargetId: request.watchTargetId ?? null,
    scope,
    checksTotal: scope === 'web' ? WEB_CHECK_IDS.length : SCAN_CHECK_COUNT,
  });
}

/**
 * What a run of a scan came to: which scan, whose, of which watched name (null: the
 * organisation's own domain, or a public scan) and its report (null when it failed).
 */
export type ScanOutcome = {
  scanId: string;
  organizationId: string | null;
  watchTargetId: string | null;
  report: ScanReport | null;
};

/**
 * Runs a recorded scan from its start again (a crash may have cut an earlier run off). Null when
 * the scan had already ended.
 */
export async function runRecordedScan(
  db: Db,
  scanId: string,
  options: ScannerOptions,
  log: FastifyBaseLogger,
): Promise<ScanOutcome | null> {
  const row = await restartScan(db, scanId);
  if (!row) return null;
  const scoped = row.scope === 'web' ? { ...options, checks: WEB_CHECK_IDS } : options;
  return {
    scanId,
    organizationId: row.organizationId,
    watchTargetId: row.watchTargetId,
    report: await runScan(db, row, scoped, log),
  };
}

/** Ends scans that no run will finish (their job failed for good) with the internal failure. */
export function failUnrunnableScans(db: Db, ids: string[]): Promise<number> {
  return failRunningScans(db, ids, INTERNAL_FAILURE);
}

/** Ends scans left running by a run that was cut off and will not come back. */
export function failInterruptedScans(db: Db, ids: string[]): Promise<number> {
  return failRunningScans(db, ids, INTERRUPTED);
}

/** The scans still marked running that started before `startedBefore`. */
export const runningScansStartedBefore = (db: Db, startedBefore: Date) =>
  listRunningScanIds(db, startedBefore);

/** Which of `ids` are still running. */
export const stillRunning = (db: Db, ids: string[]) => findRunningScanIds(db, ids);
