import type { ScannerOptions } from '@castellan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { TooManyRequestsError } from '../lib/errors';
import {
  type BackgroundScans,
  type ScanRequest,
  TOO_MANY_SCANS,
} from '../modules/risk-analysis/background-scans';
import type { DomainScanRow } from '../modules/risk-analysis/repository';
import {
  failInterruptedScans,
  failUnrunnableScans,
  recordScan,
  runningScansStartedBefore,
  runRecordedScan,
  type ScanOutcome,
  stillRunning,
} from '../modules/risk-analysis/scan-lifecycle';
import { judgeTasksByScan } from '../modules/tasks/scan-evidence';
import type { JobQueue, Queue } from './job-queue';
import { PublicScanSlots } from './public-scan-slots';

export const DOMAIN_SCAN_QUEUE = 'domain-scan';
/** The watch's scheduled scans: a queue of their own, so that they never hold up the others. */
export const WATCH_SCAN_QUEUE = 'watch-scan';

/** A scan ends within its time limit (45 s), so a slot is surely free again after this. */
const RETRY_AFTER_SECONDS = 60;

/**
 * Scans run as durable jobs: the route records the scan and answers with it at once; a worker of
 * any process runs it (`runScan` records its progress and report on the row). The job's id is
 * the scan's, so a scan is never queued twice. A scan cut off by a crash runs again on the same
 * row; one whose job has no attempt left is marked failed.
 */
export class DomainScans implements BackgroundScans {
  private readonly queue: Queue<{ scanId: string }>;
  private readonly watchQueue: Queue<{ scanId: string }>;
  private readonly publicSlots: PublicScanSlots;
  /** The public scans this process admitted, by scan id, and how to free each one's slot. */
  private readonly publicReleases = new Map<string, () => void>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly db: Db,
    private readonly options: ScannerOptions,
    private readonly log: FastifyBaseLogger,
    caps: { total: number; perClient: number; scheduled: number },
    /** What follows a finished scan beside its tasks' verdicts: the watch's changes. */
    private readonly scanned: (outcome: ScanOutcome) => Promise<unknown> = async () => {},
  ) {
    this.publicSlots = new PublicScanSlots(caps);
    const queueOf = (name: string, concurrency: number) =>
      jobs.define<{ scanId: string }>({
        name,
        policy: 'standard',
        concurrency,
        // A scan that ends in error is a result; retries are for a crash or the database away.
        retryLimit: 2,
        retryDelaySeconds: 5,
        retryBackoff: true,
        expireInSeconds: Math.ceil(this.abandonedAfterMs / 1000),
        run: async ({ scanId }) => this.run(scanId),
        exhausted: async ({ scanId }) => {
          await failUnrunnableScans(db, [scanId]);
        },
      });
    // Room for every public scan this process admits, and for organisations' own.
    this.queue = queueOf(DOMAIN_SCAN_QUEUE, caps.total + 2);
    this.watchQueue = queueOf(WATCH_SCAN_QUEUE, caps.scheduled);
  }

  get abandonedAfterMs(): number {
    return this.options.timeouts.scanMs + 60_000;
  }

  async start(request: ScanRequest): Promise<DomainScanRow> {
    const row = await recordScan(this.db, request);
    try {
      const queue = request.scheduled ? this.watchQueue : this.queue;
      await queue.send({ scanId: row.id }, { id: row.id });
    } catch (err) {
      await failUnrunnableScans(this.db, [row.id]).catch(() => {});
      throw err;
    }
    return row;
  }

  async startPublic(domain: string, client: string): Promise<DomainScanRow> {
    const release = this.publicSlots.take(client) ?? (await this.freeEndedSlots(client));
    if (!release) throw new TooManyRequestsError(TOO_MANY_SCANS, RETRY_AFTER_SECONDS);
    try {
      const row = await this.start({ domain, organizationId: null, requestedById: null });
      this.publicReleases.set(row.id, release);
      return row;
    } catch (err) {
      release();
      throw err;
    }
  }

  /**
   * Fails the scans still marked running long after their run started that no job will run
   * again (lost before this design, or their job gone); resolves to how many.
   */
  async failAbandoned(now = new Date()): Promise<number> {
    const stale = await runningScansStartedBefore(
      this.db,
      new Date(now.getTime() - this.abandonedAfterMs),
    );
    const [queued, watched] = await Promise.all([
      this.jobs.unfinished(DOMAIN_SCAN_QUEUE, stale),
      this.jobs.unfinished(WATCH_SCAN_QUEUE, stale),
    ]);
    return failInterruptedScans(
      this.db,
      stale.filter((id) => !queued.has(id) && !watched.has(id)),
    );
  }

  private async run(scanId: string): Promise<Record<string, unknown>> {
    const outcome = await runRecordedScan(this.db, scanId, this.options, this.log);
    if (outcome) {
      await judgeTasksByScan(this.db, outcome);
      await this.scanned(outcome);
    }
    // Ended (a scan retried after a failure is still running: its slot stays taken).
    this.freeSlot(scanId);
    return outcome ? {} : { skipped: 'the scan had already ended' };
  }

  private freeSlot(scanId: string): void {
    this.publicReleases.get(scanId)?.();
    this.publicReleases.delete(scanId);
  }

  /**
   * Frees the slots of admitted scans that ended in another process, then takes one for the
   * client if there is room now. Only asked when the caps look full, so usually never.
   */
  private async freeEndedSlots(client: string): Promise<(() => void) | null> {
    const admitted = [...this.publicReleases.keys()];
    const running = await stillRunning(this.db, admitted);
    for (const id of admitted) if (!running.has(id)) this.freeSlot(id);
    return this.publicSlots.take(client);
  }
}
