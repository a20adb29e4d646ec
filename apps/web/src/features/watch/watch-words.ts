import type { WatchResponse, WatchScanBrief } from '@castellan/contract';
import {
  WATCH_EXTRA_TARGETS_MAX,
  type WatchDirection,
  type WatchTargetKind,
  type WatchTargetSource,
} from '@castellan/contract/watch-rules';

export const TARGET_KIND_NAMES: Record<WatchTargetKind, string> = {
  primary: 'Your domain',
  domain: 'Domain',
  subdomain: 'Subdomain',
};

export const TARGET_SOURCE_NAMES: Record<WatchTargetSource, string> = {
  registration: 'Registered',
  added: 'Added by an administrator',
  'certificate-transparency': 'Found in certificate logs',
};

/** A change's direction in a word, so that the colour is never all that tells it. */
export const DIRECTION_BADGES: Record<WatchDirection, { label: string; color: string }> = {
  worse: { label: 'Worse', color: 'red' },
  better: { label: 'Better', color: 'green' },
  neutral: { label: 'Changed', color: 'gray' },
};

export const anyScanRunning = (watch: WatchResponse | null | undefined) =>
  watch?.targets.some((t) => t.lastScan?.state === 'running') ?? false;

export type ExtraTargets = { count: number; full: boolean; words: string };

/** How many names are watched beside the organisation's own domain, and whether more may be. */
export function extraTargets(watch: WatchResponse): ExtraTargets {
  const count = watch.targets.filter((t) => t.kind !== 'primary').length;
  const full = count >= WATCH_EXTRA_TARGETS_MAX;
  const words = `${count} of ${WATCH_EXTRA_TARGETS_MAX} extra names`;
  return { count, full, words: full ? `${words}: stop watching one to add another.` : words };
}

/** "No problems", "1 problem", "3 problems": the checks a finished scan failed. */
export const problemCount = (scan: Pick<WatchScanBrief, 'failing'>) =>
  scan.failing === 0
    ? 'No problems'
    : `${scan.failing} ${scan.failing === 1 ? 'problem' : 'problems'}`;
