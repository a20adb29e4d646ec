import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';

/**
 * "Apps with access": the outside apps people let into company mail, files and calendars, as the
 * office suites' last syncs read them, and the organisation's list of approved ones.
 */

export const APP_SUITES = ['google', 'microsoft'] as const;
export type AppSuite = (typeof APP_SUITES)[number];

/** What a permission lets an app reach, in the words the product groups them by. */
export const SCOPE_CLASSES = ['mail', 'files', 'calendar', 'contacts', 'sign-in', 'other'] as const;
export type ScopeClass = (typeof SCOPE_CLASSES)[number];

export const appScope = z.object({
  /** As the suite names it (`https://www.googleapis.com/auth/gmail.readonly`, `Mail.Read`). */
  scope: z.string(),
  /** In plain words; the scope itself when the product does not know it. */
  words: z.string(),
  class: z.enum(SCOPE_CLASSES),
});
export type AppScope = z.infer<typeof appScope>;

export const connectedApp = z.object({
  suite: z.enum(APP_SUITES),
  /** Google: the OAuth client id; Microsoft: the application (client) id. */
  clientId: z.string(),
  name: z.string(),
  /** Who publishes it; null when the suite does not say (Google's tokens never do). */
  publisher: z.object({ name: z.string(), verified: z.boolean() }).nullable(),
  scopes: z.array(appScope),
  /** The classes of its scopes, each once, mail and files first. */
  reaches: z.array(z.enum(SCOPE_CLASSES)),
  holdsMailOrFiles: z.boolean(),
  /** How many people granted it; with `everyone`, an administrator granted it for all. */
  people: z.number().int().nonnegative(),
  everyone: z.boolean(),
  /** null: the suite does not report it (neither Google's tokens nor Microsoft's grants do). */
  lastUsedAt: isoDateTime.nullable(),
  approved: z
    .object({ by: z.string().nullable(), at: isoDateTime, note: z.string().nullable() })
    .nullable(),
  /** Where an administrator removes or blocks it, in the suite's own admin pages. */
  removeUrl: z.string(),
});
export type ConnectedApp = z.infer<typeof connectedApp>;

/** Whether a suite's apps could be read, and why not. */
export const appSuiteStatus = z.object({
  suite: z.enum(APP_SUITES),
  /**
   * read: the apps are those of the last sync. unknown: connected, but the apps could not be
   * read (`reason` says why). The suite is absent from the list when it is not connected.
   */
  state: z.enum(['read', 'unknown']),
  reason: z.string().nullable(),
  readAt: isoDateTime.nullable(),
});
export type AppSuiteStatus = z.infer<typeof appSuiteStatus>;

export const connectedAppsResponse = z.object({
  suites: z.array(appSuiteStatus),
  /** Those holding mail or file access and not approved first, then by name. */
  apps: z.array(connectedApp),
});
export type ConnectedAppsResponse = z.infer<typeof connectedAppsResponse>;

const clientId = z.string().trim().min(1).max(300);

export const approveAppRequest = z.strictObject({
  suite: z.enum(APP_SUITES),
  clientId,
  note: z.string().trim().max(500).optional(),
});
export type ApproveAppRequest = z.input<typeof approveAppRequest>;

export const unapproveAppRequest = z.strictObject({ suite: z.enum(APP_SUITES), clientId });
export type UnapproveAppRequest = z.input<typeof unapproveAppRequest>;

export const connectedAppsEndpoints = {
  getConnectedApps: endpoint({
    method: 'GET',
    path: '/connected-apps',
    access: 'admin',
    response: { 200: connectedAppsResponse },
    summary: 'The outside apps people have let into company mail, files and calendars',
  }),
  approveConnectedApp: endpoint({
    method: 'POST',
    path: '/connected-apps/approve',
    access: 'admin',
    body: approveAppRequest,
    response: { 200: connectedAppsResponse },
    summary: 'Put an app on the approved list',
  }),
  unapproveConnectedApp: endpoint({
    method: 'POST',
    path: '/connected-apps/unapprove',
    access: 'admin',
    body: unapproveAppRequest,
    response: { 200: connectedAppsResponse },
    summary: 'Take an app off the approved list',
  }),
  getVendorList: endpoint({
    method: 'GET',
    path: '/connected-apps/vendors.csv',
    access: 'admin',
    // text/csv: the vendor list, one app a row.
    response: { 200: z.string() },
    summary: 'The apps with access as a vendor list (CSV)',
  }),
};
