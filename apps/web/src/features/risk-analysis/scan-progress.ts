import type { DomainScan, Progress } from '@castellan/contract';

/** How far a scan is, as the shared progress bar counts it. */
export function scanProgress(scan: Pick<DomainScan, 'checksDone' | 'checksTotal'>): Progress {
  const total = Math.max(scan.checksTotal, 0);
  const completed = Math.min(Math.max(scan.checksDone, 0), total);
  const percent = total === 0 ? 0 : Math.floor((completed / total) * 100);
  return { completed, total, percent };
}

/** Polling interval for a query whose scan may still be running. */
export const POLL_MS = 1000;
export const pollWhileRunning = (scan: Pick<DomainScan, 'state'> | null | undefined) =>
  scan?.state === 'running' ? POLL_MS : false;
