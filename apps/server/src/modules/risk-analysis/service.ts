import type { DomainScan } from '@castellan/contract';
import type { Db } from '../../db/client';
import type { BackgroundScans } from './background-scans';
import {
  type DomainScanRow,
  findRecentPublicScan,
  findSampleScan,
  listOrganizationScans,
} from './repository';

/**
 * The risk analysis as the rest of the server sees it: reports, the organisation's history, and
 * what the latest scan says about its tasks and its expected breach cost. Other modules call
 * this module; it calls none of them.
 */

/** A public report is reused for an hour: the same domain is not probed again and again. */
export const PUBLIC_SCAN_CACHE_MS = 60 * 60_000;

export const toDomainScan = (row: DomainScanRow): DomainScan => ({
  id: row.id,
  domain: row.domain,
  state: row.state,
  checksDone: row.checksDone,
  checksTotal: row.checksTotal,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  error: row.error,
  report: row.report ?? null,
  sample: row.sample,
});

const sinceCache = () => new Date(Date.now() - PUBLIC_SCAN_CACHE_MS);

/** The recent public report of a domain, if there is one. */
export async function recentPublicScan(db: Db, domain: string): Promise<DomainScan | null> {
  const row = await findRecentPublicScan(db, domain, sinceCache());
  return row ? toDomainScan(row) : null;
}

/** The recent public report of a domain, else a new scan of it for this client. */
export async function publicScan(
  db: Db,
  scans: BackgroundScans,
  domain: string,
  client: string,
): Promise<DomainScan> {
  const recent = await findRecentPublicScan(db, domain, sinceCache());
  // A failed scan is not kept as an answer: asking again tries again.
  const row =
    recent && recent.state !== 'failed' ? recent : await scans.startPublic(domain, client);
  return toDomainScan(row);
}

/**
 * The organisation's latest scan and the history of its finished ones, oldest first. Until it
 * has a scan of its own, the latest is its stored sample (demo data), if it has one; the sample
 * is never part of the history.
 */
export async function organizationAnalysis(db: Db, organizationId: string) {
  const rows = await listOrganizationScans(db, organizationId, { limit: 60 });
  const latest = rows[0] ?? (await findSampleScan(db, organizationId));
  return {
    latest: latest ? toDomainScan(latest) : null,
    history: rows
      .filter((r) => r.state === 'done' && r.finishedAt)
      .map((r) => ({
        id: r.id,
        finishedAt: (r.finishedAt ?? r.startedAt).toISOString(),
        score: r.report?.score ?? null,
        grade: r.report?.grade ?? null,
      }))
      .reverse(),
  };
}

/** Starts a scan of the organisation's domain, unless one is still running: then that one. */
export async function startOrganizationScan(
  db: Db,
  scans: BackgroundScans,
  input: { domain: string; organizationId: string; requestedById: string },
): Promise<DomainScan> {
  const [latest] = await listOrganizationScans(db, input.organizationId, { limit: 1 });
  const stillRunning =
    latest?.state === 'running' && Date.now() - latest.startedAt.getTime() < scans.abandonedAfterMs;
  return toDomainScan(latest && stillRunning ? latest : await scans.start(input));
}

/**
 * The organisation's latest finished scan of its own in brief, never the sample (the breach cost
 * is added by its caller).
 */
export async function latestAnalysisSummary(db: Db, organizationId: string) {
  const [row] = await listOrganizationScans(db, organizationId, { onlyDone: true, limit: 1 });
  if (!row?.report || !row.finishedAt) return null;
  return {
    id: row.id,
    domain: row.domain,
    scannedAt: row.finishedAt.toISOString(),
    score: row.report.score,
    grade: row.report.grade,
    failedChecks: row.report.findings.filter((f) => f.status === 'fail').length,
  };
}
