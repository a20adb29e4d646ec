import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  type DomainScanRow,
  failAbandonedScans,
  finishScan,
  insertScan,
  recordProgress,
} from './repository';
import type { ScannerOptions } from './scanner/options';
import { SCAN_CHECK_COUNT, scanDomain } from './scanner/scan';

/**
 * Runs scans in the background of the process that was asked for them, recording progress as
 * checks finish and the report at the end. A scan cannot outlive its own time limit, so a scan
 * still marked running well after that was lost with its process and is marked failed.
 */
export class ScanRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: ScannerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** How long after its start a running scan is surely dead. */
  get abandonedAfterMs(): number {
    return this.options.timeouts.scanMs + 60_000;
  }

  async failAbandoned(now = new Date()): Promise<number> {
    return failAbandonedScans(this.db, new Date(now.getTime() - this.abandonedAfterMs));
  }

  /** Records a new scan and starts it; answers at once with the running scan. */
  async start(input: {
    domain: string;
    organizationId: string | null;
    requestedById: string | null;
  }): Promise<DomainScanRow> {
    const row = await insertScan(this.db, { ...input, checksTotal: SCAN_CHECK_COUNT });
    const job = this.run(row).finally(() => this.running.delete(job));
    this.running.add(job);
    return row;
  }

  private async run(row: DomainScanRow): Promise<void> {
    // Progress is written in order, one update at a time.
    let progress = Promise.resolve();
    try {
      const report = await scanDomain(row.domain, this.options, ({ done }) => {
        progress = progress.then(() => recordProgress(this.db, row.id, done)).catch(() => {});
      });
      await progress;
      await finishScan(this.db, row.id, { report });
      this.log.info({ scanId: row.id, durationMs: report.durationMs }, 'domain scan finished');
    } catch (err) {
      await progress;
      const message = err instanceof Error ? err.message : String(err);
      await finishScan(this.db, row.id, { error: message }).catch((e: unknown) =>
        this.log.error({ err: e, scanId: row.id }, 'could not record a failed scan'),
      );
      this.log.info({ scanId: row.id, reason: message }, 'domain scan failed');
    }
  }

  /** Waits for the scans in progress (each ends within its time limit). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
