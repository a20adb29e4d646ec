import type { DomainScanRow } from './repository';

/** Who a scan is for: an organisation's administrator, or (both null) an anonymous visitor. */
export type ScanRequest = {
  domain: string;
  organizationId: string | null;
  requestedById: string | null;
  /** A watched name other than the organisation's own domain (see `domain_scans`). */
  watchTargetId?: string | null;
  /** All checks, or a subdomain's website and certificate only. */
  scope?: ScanScope;
  /** Started by the watch's schedule: runs in its own queue, within its concurrency limit. */
  scheduled?: boolean;
};

export type ScanScope = 'full' | 'web';

/**
 * What the routes need of whatever runs scans in the background (`jobs/domain-scans.ts`, built
 * by the app and passed in, so that this module never imports the jobs).
 */
export interface BackgroundScans {
  /** How long after the start of its current run a scan still marked running is surely dead. */
  readonly abandonedAfterMs: number;
  /** Records a new scan and queues it; answers at once with the running scan. */
  start(request: ScanRequest): Promise<DomainScanRow>;
  /**
   * Starts an anonymous scan for a client address within the caps on public scans running at
   * once; throws `TooManyRequestsError` with `TOO_MANY_SCANS` when they are full.
   */
  startPublic(domain: string, client: string): Promise<DomainScanRow>;
}

export const TOO_MANY_SCANS = 'Too many scans are running right now. Please try again in a minute.';
