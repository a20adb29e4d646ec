import {
  EVIDENCE_SOURCES,
  type ExternalShare,
  type Integration,
  type IntegrationId,
  type IntegrationsResponse,
  type StaleUser,
} from '@castellan/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { IntegrationAlerts } from '../../lib/mail-queue';
import type { SecretBox } from '../../lib/secret-box';
import type { SyncQueue } from '../../lib/sync-queue';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { forgetEvidence } from '../tasks/service';
import { INTEGRATIONS, type IntegrationDefinition, integrationLogo } from './catalog';
import {
  deleteIntegrationRow,
  findIntegrationRow,
  type IntegrationRow,
  listIntegrationRows,
  setSyncState,
} from './kit/repository';
import { M365_CHECKS, NEEDS_P1, type StoredM365Facts } from './microsoft/verdicts';
import { revokeGrant } from './provider-grants';
import { judgeSuites } from './suites';

/** What the integrations need from the app: the database, the configuration, the sealing key. */
export type IntegrationsContext = {
  db: Db;
  config: Config;
  box: SecretBox;
  syncQueue: SyncQueue | null;
  log: FastifyBaseLogger;
  /** Told when a sync finds the grant revoked (the administrators are e-mailed); none in tests. */
  alerts?: IntegrationAlerts;
};

/** Why this server cannot connect an integration (its provider client is not set up), or null. */
export function unavailableReason(config: Config, id: IntegrationId): string | null {
  switch (id) {
    case 'gws':
      return config.integrations.google
        ? null
        : 'This server has no Google client set up yet, so Google Workspace cannot be connected; ask whoever runs Castellan to add one.';
    case 'm365':
      return config.integrations.microsoft
        ? null
        : 'This server has no Microsoft client set up yet, so Microsoft 365 cannot be connected; ask whoever runs Castellan to add one.';
    case 'meta':
      return config.integrations.meta
        ? null
        : 'This server has no Meta app set up yet, so Meta cannot be connected; ask whoever runs Castellan to add one.';
    default:
      return null;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toIntegration(
  config: Config,
  d: IntegrationDefinition,
  row: IntegrationRow | undefined,
): Integration {
  return {
    id: d.id,
    name: d.name,
    logo: integrationLogo(d.id),
    description: d.description,
    securityChecks: securityChecksOf(d, row),
    status: d.comingSoon ? 'coming_soon' : (row?.status ?? 'available'),
    lastScan: iso(row?.lastScan ?? null),
    connectedSince: iso(row?.connectedSince ?? null),
    unavailableReason: d.comingSoon ? null : unavailableReason(config, d.id),
    sync: { state: row?.syncState ?? 'idle', error: row?.syncError ?? null },
    lastSync: row?.syncCounts ?? null,
  };
}

/** The card's checks; on a tenant without Entra ID P1, those needing it say so. */
function securityChecksOf(d: IntegrationDefinition, row: IntegrationRow | undefined) {
  if (d.id !== 'm365') return d.securityChecks;
  const needsP1 = new Set((row?.facts as StoredM365Facts | null | undefined)?.needsP1 ?? []);
  return d.securityChecks.map((check) => {
    const needs = M365_CHECKS.find((c) => c.name === check.name)?.needs;
    return { ...check, unavailable: needs && needsP1.has(needs) ? NEEDS_P1 : null };
  });
}

export async function listIntegrations(
  ctx: Pick<IntegrationsContext, 'db' | 'config'>,
  organizationId: string,
): Promise<IntegrationsResponse> {
  const rows = new Map(
    (await listIntegrationRows(ctx.db, organizationId)).map((r) => [r.integrationId, r]),
  );
  return Object.fromEntries(
    INTEGRATIONS.map((d) => [d.id, toIntegration(ctx.config, d, rows.get(d.id))]),
  ) as IntegrationsResponse;
}

const definition = (id: IntegrationId) => {
  const d = INTEGRATIONS.find((i) => i.id === id);
  if (!d) throw new NotFoundError('No such integration.');
  return d;
};

/**
 * Disconnects: revokes the grant at the provider where it can (a failure there is logged, the
 * disconnect goes on), deletes the tokens and what the integration said about tasks, and counts
 * again what the remaining ones say.
 */
export async function disconnectIntegration(
  ctx: IntegrationsContext,
  actor: AuditActor,
  organizationId: string,
  id: IntegrationId,
): Promise<Integration> {
  const d = definition(id);
  const row = await deleteIntegrationRow(ctx.db, organizationId, id);
  if (row) {
    await revokeGrant(ctx, row).catch((err: unknown) =>
      ctx.log.warn({ err, integration: id }, 'the provider did not revoke the grant'),
    );
    const source = EVIDENCE_SOURCES.find((s) => s === id);
    if (source) await forgetEvidence(ctx.db, organizationId, source);
    // The other suite may now speak for members this one did, and the attack counts change.
    await judgeSuites(ctx.db, organizationId);
    await recordAuditEvent(ctx.db, {
      action: 'integration.disconnected',
      organizationId,
      actor,
      details: { integration: id },
    });
  }
  return toIntegration(ctx.config, d, undefined);
}

/** Queues a sync now (202); an integration that is not connected has nothing to sync. */
export async function requestSync(
  ctx: IntegrationsContext,
  organizationId: string,
  id: IntegrationId,
): Promise<Integration> {
  const d = definition(id);
  const row = await findIntegrationRow(ctx.db, organizationId, id);
  if (!row) throw new ConflictError(`${d.name} is not connected.`);
  if (!ctx.syncQueue) throw new ConflictError('Background work is not running on this server.');
  const { queued } = await ctx.syncQueue.requestSync({ organizationId, integrationId: id });
  if (queued) await setSyncState(ctx.db, row.id, 'queued');
  const fresh = await findIntegrationRow(ctx.db, organizationId, id);
  return toIntegration(ctx.config, d, fresh ?? row);
}

/** What the last Google Workspace sync read, as the pages show it. */
export type GoogleWorkspaceFactsShown = {
  superAdminCount: number;
  staleUsers: StaleUser[];
  externalShares: Omit<ExternalShare, 'allowed'>[];
};

/** The facts of the connected Google Workspace; 409 when it is not connected or not synced. */
export async function googleWorkspaceFacts(
  db: Db,
  organizationId: string,
): Promise<GoogleWorkspaceFactsShown> {
  const row = await findIntegrationRow(db, organizationId, 'gws');
  if (!row) {
    throw new ConflictError(
      'Google Workspace is not connected. Connect it on the Integrations page.',
    );
  }
  if (!row.facts) {
    throw new ConflictError(
      'Google Workspace has not been read yet. Try again once the first sync has finished.',
    );
  }
  return row.facts as GoogleWorkspaceFactsShown;
}
