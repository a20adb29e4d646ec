// The continuous watch of an organisation's domains: what is watched and how often, the changes
// each scan found since the one before, and the names certificate transparency logs offer to add.
// Constants in watch-rules.ts.
import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { SCAN_STATES } from './risk-analyses';
import { GRADES } from './vocabulary';
import {
  WATCH_CHANGE_KINDS,
  WATCH_DIRECTIONS,
  WATCH_FREQUENCIES,
  WATCH_TARGET_KINDS,
  WATCH_TARGET_SOURCES,
} from './watch-rules';

export * from './watch-rules';

/** The latest scan of a watched name, in brief. */
export const watchScanBrief = z.object({
  id: z.uuid(),
  state: z.enum(SCAN_STATES),
  startedAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** Null until the scan is done (or when it failed). */
  grade: z.enum(GRADES).nullable(),
  /** How many checks failed. */
  failing: z.number().int(),
  /** Why the scan failed, in plain language. */
  error: z.string().nullable(),
  /** The failing certificate finding's title (expired, another name's, untrusted), if any. */
  certificateProblem: z.string().nullable(),
});
export type WatchScanBrief = z.infer<typeof watchScanBrief>;

export const watchTarget = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(WATCH_TARGET_KINDS),
  source: z.enum(WATCH_TARGET_SOURCES),
  addedAt: isoDateTime,
  lastScan: watchScanBrief.nullable(),
  /** When the schedule scans it next. */
  nextScanAt: isoDateTime,
});
export type WatchTarget = z.infer<typeof watchTarget>;

/** `GET /api/watch` (administrators): what is watched and how often. */
export const watchResponse = z.object({
  frequency: z.enum(WATCH_FREQUENCIES),
  /** The organisation's own domain first, then the others by name. */
  targets: z.array(watchTarget),
});
export type WatchResponse = z.infer<typeof watchResponse>;

export const watchSettingsRequest = z.strictObject({ frequency: z.enum(WATCH_FREQUENCIES) });
export type WatchSettingsRequest = z.infer<typeof watchSettingsRequest>;

/** `POST /api/watch/targets`: a domain the organisation owns, or a name under its domain. */
export const addWatchTargetRequest = z.strictObject({
  name: z.string().max(300, { message: 'is too long for a domain name' }),
});
export type AddWatchTargetRequest = z.infer<typeof addWatchTargetRequest>;

/** One change a scan found since the one before it on the same name. */
export const watchChange = z.object({
  id: z.uuid(),
  targetName: z.string(),
  kind: z.enum(WATCH_CHANGE_KINDS),
  direction: z.enum(WATCH_DIRECTIONS),
  /** One plain sentence. */
  summary: z.string(),
  /** The catalogue task it concerns, when one does. */
  catalogueId: z.string().nullable(),
  /** That task's address for the viewer (`/tasks/<taskId>`): an administrator's own copy. */
  taskId: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  detectedAt: isoDateTime,
  /** When administrators were told (worse changes only); null when they were not. */
  alertedAt: isoDateTime.nullable(),
});
export type WatchChange = z.infer<typeof watchChange>;

/** `GET /api/watch/changes`: newest first, a page at a time. */
export const watchChangesQuery = z.strictObject({
  /** The `id` of the last change of the page before. */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const watchChangesResponse = z.object({
  changes: z.array(watchChange),
  /** Whether older changes remain. */
  more: z.boolean(),
});
export type WatchChangesResponse = z.infer<typeof watchChangesResponse>;

/** Names found in certificate transparency logs under the organisation's domain. */
export const watchSuggestionsResponse = z.object({
  state: z.enum(['never', 'searching', 'done', 'failed']),
  searchedAt: isoDateTime.nullable(),
  /** Why the last search failed, in plain language. */
  error: z.string().nullable(),
  /** Names not watched yet, with when a certificate first named them. */
  names: z.array(z.object({ name: z.string(), firstSeen: isoDateTime.nullable() })),
});
export type WatchSuggestionsResponse = z.infer<typeof watchSuggestionsResponse>;

const targetParams = z.strictObject({ id: z.uuid() });

export const watchEndpoints = {
  getWatch: endpoint({
    method: 'GET',
    path: '/watch',
    access: 'admin',
    response: { 200: watchResponse },
    summary:
      'The watched domains and subdomains, their latest scans and the schedule (administrators)',
  }),
  setWatchSettings: endpoint({
    method: 'PUT',
    path: '/watch/settings',
    access: 'admin',
    body: watchSettingsRequest,
    response: { 200: watchResponse },
    summary: 'Scan the watched names every day or every week (administrators)',
  }),
  addWatchTarget: endpoint({
    method: 'POST',
    path: '/watch/targets',
    access: 'admin',
    body: addWatchTargetRequest,
    response: { 201: z.object({ target: watchTarget }) },
    summary: 'Watch another domain, or a name under the organisation’s domain (administrators)',
  }),
  removeWatchTarget: endpoint({
    method: 'DELETE',
    path: '/watch/targets/:id',
    access: 'admin',
    params: targetParams,
    response: { 204: z.null() },
    summary: 'Stop watching a name (not the organisation’s own domain; administrators)',
  }),
  scanWatchTarget: endpoint({
    method: 'POST',
    path: '/watch/targets/:id/scan',
    access: 'admin',
    params: targetParams,
    response: { 202: z.object({ target: watchTarget }) },
    summary: 'Scan a watched name now; at most once an hour (administrators)',
  }),
  listWatchChanges: endpoint({
    method: 'GET',
    path: '/watch/changes',
    access: 'admin',
    query: watchChangesQuery,
    response: { 200: watchChangesResponse },
    summary: 'The timeline: what each scan found changed since the one before (administrators)',
  }),
  getWatchSuggestions: endpoint({
    method: 'GET',
    path: '/watch/suggestions',
    access: 'admin',
    response: { 200: watchSuggestionsResponse },
    summary: 'Names under the domain that certificate transparency logs know of (administrators)',
  }),
  searchWatchSuggestions: endpoint({
    method: 'POST',
    path: '/watch/suggestions',
    access: 'admin',
    response: { 202: watchSuggestionsResponse },
    summary: 'Search certificate transparency logs again (administrators)',
  }),
};
