import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { PROVIDER_IDS } from './providers';

export * from './providers';

/** Spec §3 "Integration": every id the product knows, in the order the page shows them. */
export const INTEGRATION_IDS = [
  ...PROVIDER_IDS,
  'azure',
  'gcp',
  'notion',
  '1password',
  'wordpress',
  'squarespace',
] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

export const INTEGRATION_STATUSES = [
  'available',
  'connected',
  'invalid_token',
  'coming_soon',
  'permission_missing',
] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

/** How a check came out in the last sync: `unknown` before one, or when the data could not tell. */
export const CHECK_RESULTS = ['pass', 'fail', 'unknown'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

export const securityCheck = z.object({
  /** The check's key in its provider's declaration, such as `2sv-enforced`. */
  key: z.string(),
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /**
   * Why the check cannot run on the connected account, such as "needs Entra ID P1"; it then
   * counts neither way. Absent or null when it runs.
   */
  unavailable: z.string().nullable().optional(),
  /**
   * When the account's plan keeps the check from running: the plan, and the free way to get the
   * same protection, in a sentence. Absent or null otherwise.
   */
  planNote: z.string().nullable().optional(),
  result: z.enum(CHECK_RESULTS),
  /** When the result was found (the last sync); null before the first one. */
  checkedAt: isoDateTime.nullable(),
  /** What failed, in plain words (a check of each member: how many of them); null otherwise. */
  detail: z.string().nullable(),
  /** The id of the asking user's copy of the task the check decides (`/tasks/:id`); null if they hold none. */
  taskId: z.string().nullable(),
});
export type SecurityCheck = z.infer<typeof securityCheck>;

/** Where the background sync of a connected integration stands. */
export const SYNC_STATES = ['idle', 'queued', 'running', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const integration = z.object({
  id: z.enum(INTEGRATION_IDS),
  name: z.string(),
  /** Path of the logo image, served by the web app. */
  logo: z.string(),
  description: z.string(),
  securityChecks: z.array(securityCheck),
  status: z.enum(INTEGRATION_STATUSES),
  /** When the last sync finished and its data was taken in. */
  lastScan: isoDateTime.nullable(),
  connectedSince: isoDateTime.nullable(),
  /**
   * Why this server cannot connect the integration (its provider is not configured), as one
   * sentence for the card; null when Connect works.
   */
  unavailableReason: z.string().nullable(),
  sync: z.object({
    state: z.enum(SYNC_STATES),
    /** What went wrong in the last sync, in plain words; null after a good one. */
    error: z.string().nullable(),
  }),
  /**
   * What the last sync read and how many of the provider's checks passed and failed (a check of
   * each member fails when one of them does); null before the first sync.
   */
  lastSync: z
    .object({
      usersRead: z.number().int().min(0),
      checksPassed: z.number().int().min(0),
      checksFailed: z.number().int().min(0),
    })
    .nullable(),
  /**
   * People of the synced directory (active accounts) who are not members of the organisation, as
   * of the last sync and the members now; for administrators of an office suite only, else null.
   */
  notInCastellan: z.number().int().min(0).nullable(),
  /**
   * The connected account's plan as its last sync read it, e.g. "Microsoft 365 Business
   * Standard", with what it includes that the checks use; absent or null when unknown.
   */
  plan: z.object({ name: z.string(), includes: z.string() }).nullable().optional(),
});
export type Integration = z.infer<typeof integration>;

/** `GET /api/integrations`: id → integration, for every id of `INTEGRATION_IDS`. */
export const integrationsResponse = z.record(z.enum(INTEGRATION_IDS), integration);
export type IntegrationsResponse = z.infer<typeof integrationsResponse>;

export const integrationParams = z.strictObject({ id: z.enum(INTEGRATION_IDS) });
export type IntegrationParams = z.infer<typeof integrationParams>;

/** `POST /api/integrations/:id/sync` (202): the sync is queued. */
export const syncQueuedResponse = z.object({ integration });
export type SyncQueuedResponse = z.infer<typeof syncQueuedResponse>;

/**
 * `POST /api/integrations/:id/connect`: the key of a provider connected with a form (its
 * `connect.fields` name the credentials); checked at the provider before it is kept, sealed.
 */
export const keyConnectRequest = z.strictObject({
  credentials: z.record(
    z.string().regex(/^[a-zA-Z]{1,40}$/, 'must be a field name of the connect form'),
    z.string().max(4096, 'must be at most 4096 characters'),
  ),
});
export type KeyConnectRequest = z.infer<typeof keyConnectRequest>;

/** Spec §3 "Stale user": an office-suite account nobody signs in to any more. */
export const staleUser = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** null: never signed in. */
  lastLoginTime: isoDateTime.nullable(),
});
export type StaleUser = z.infer<typeof staleUser>;

export const integrationsEndpoints = {
  getIntegrations: endpoint({
    method: 'GET',
    path: '/integrations',
    access: 'user',
    response: { 200: integrationsResponse },
    summary: 'Every integration with its status',
  }),
  disconnectIntegration: endpoint({
    method: 'DELETE',
    path: '/integrations/:id',
    access: 'admin',
    params: integrationParams,
    response: { 200: integration },
    summary: 'Disconnect an integration: revoke the grant, forget its tokens and findings',
  }),
  syncIntegration: endpoint({
    method: 'POST',
    path: '/integrations/:id/sync',
    access: 'admin',
    params: integrationParams,
    response: { 202: syncQueuedResponse },
    summary: 'Queue a sync of a connected integration now',
  }),
  connectWithKey: endpoint({
    method: 'POST',
    path: '/integrations/:id/connect',
    access: 'admin',
    params: integrationParams,
    body: keyConnectRequest,
    response: { 200: integration },
    summary:
      'Connect a provider with a pasted key (Bitwarden, AWS): tried at the provider, then kept sealed (400 when refused)',
  }),
};
