import { SCAN_CHECK_COUNT, type ScannerOptions } from '@castellan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { TooManyRequestsError } from '../lib/errors';
import {
  type BackgroundScans,
  type ScanRequest,
  TOO_MANY_SCANS,
} from '../modules/risk-analysis/background-scans';
import {
  type DomainScanRow,
  failAbandonedScans,
  insertScan,
} from '../modules/risk-analysis/repository';
import { runScan } from '../modules/risk-analysis/run-scan';
import { recordScanEvidence } from '../modules/tasks/scan-evidence';
import { PublicScanSlots } from './public-scan-slots';

/** A scan ends within its time limit (45 s), so a slot is surely free again after this. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Runs scans in the background of the process that was asked for them (`runScan` records
 * their progress and report). A scan cannot outlive its own time limit, so a scan still marked
 * running well after that was lost with its process and is marked failed.
 */
export class ScanRunner implements BackgroundScans {
  private readonly running = new Set<Promise<void>>();
  private readonly publicSlots: PublicScanSlots;

  constructor(
    private readonly db: Db,
    private readonly options: ScannerOptions,
    private readonly log: FastifyBaseLogger,
    publicCaps: { total: number; perClient: number },
  ) {
    this.publicSlots = new PublicScanSlots(publicCaps);
  }

  get abandonedAfterMs(): number {
    return this.options.timeouts.scanMs + 60_000;
  }

  async failAbandoned(now = new Date()): Promise<number> {
    return failAbandonedScans(this.db, new Date(now.getTime() - this.abandonedAfterMs));
  }

  async startPublic(domain: string, client: string): Promise<DomainScanRow> {
    const release = this.publicSlots.take(client);
    if (!release) throw new TooManyRequestsError(TOO_MANY_SCANS, RETRY_AFTER_SECONDS);
    try {
      return await this.start({ domain, organizationId: null, requestedById: null }, release);
    } catch (err) {
      release();
      throw err;
    }
  }

  async start(request: ScanRequest, onEnd: () => void = () => {}): Promise<DomainScanRow> {
    const row = await insertScan(this.db, { ...request, checksTotal: SCAN_CHECK_COUNT });
    const job = runScan(this.db, row, this.options, this.log)
      .then((report) =>
        report && row.organizationId
          ? recordScanEvidence(this.db, row.organizationId, report.findings, new Date())
          : undefined,
      )
      .catch((err: unknown) =>
        this.log.error({ err, scanId: row.id }, 'scan evidence not recorded'),
      )
      .finally(() => {
        this.running.delete(job);
        onEnd();
      });
    this.running.add(job);
    return row;
  }

  /** Waits for the scans in progress (each ends within its time limit). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
