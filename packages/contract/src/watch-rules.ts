/**
 * The constants of the continuous watch that the server and the web app both apply. No zod here:
 * the web app's pages import it.
 */

/** How often the watch scans an organisation's domains; an administrator chooses. */
export const WATCH_FREQUENCIES = ['daily', 'weekly'] as const;
export type WatchFrequency = (typeof WATCH_FREQUENCIES)[number];
export const WATCH_FREQUENCY_NAMES: Record<WatchFrequency, string> = {
  daily: 'Every day',
  weekly: 'Every week',
};

/** Domains and subdomains an administrator may add beside the organisation's own. */
export const WATCH_EXTRA_TARGETS_MAX = 20;

/** A target is scanned at most once in this many minutes, by schedule or by hand. */
export const WATCH_TARGET_MIN_INTERVAL_MINUTES = 60;

/**
 * What a watched name is: the organisation's registered domain, another domain it owns (scanned
 * in full), or a name under its domain (its website and certificate only).
 */
export const WATCH_TARGET_KINDS = ['primary', 'domain', 'subdomain'] as const;
export type WatchTargetKind = (typeof WATCH_TARGET_KINDS)[number];

/** How a name came to be watched. */
export const WATCH_TARGET_SOURCES = ['registration', 'added', 'certificate-transparency'] as const;
export type WatchTargetSource = (typeof WATCH_TARGET_SOURCES)[number];

/** The kinds of change the timeline shows. */
export const WATCH_CHANGE_KINDS = [
  'check-worse',
  'check-better',
  'finding-new',
  'record-changed',
  'header-changed',
  'certificate-renewed',
  'certificate-expiring',
] as const;
export type WatchChangeKind = (typeof WATCH_CHANGE_KINDS)[number];

export const WATCH_DIRECTIONS = ['worse', 'better', 'neutral'] as const;
export type WatchDirection = (typeof WATCH_DIRECTIONS)[number];
