import type { IntegrationId } from '@castellan/contract';
import { auditActor } from '../../audit/actor';
import { recordAuditEvent } from '../../audit/repository';
import { setConnectedIntegrations } from '../../organizations/repository';
import type { ActiveSession } from '../../sessions/repository';
import type { IntegrationsContext } from './context';
import { listIntegrationRows, saveGrant, setSyncState } from './repository';
import { sealContext } from './tokens';

/** How a provider takes a grant back, where it offers a way. */
export type RevokeGrant = (
  config: IntegrationsContext['config'],
  tokens: { accessToken: string | null; refreshToken: string | null; accountId?: string | null },
) => Promise<void>;

/** Tells the organisation which integrations it has now: they decide some of its tasks. */
export async function keepConnectedList(db: IntegrationsContext['db'], organizationId: string) {
  const rows = await listIntegrationRows(db, organizationId);
  await setConnectedIntegrations(
    db,
    organizationId,
    rows.map((r) => r.integrationId),
  );
}

/** What a connect flow obtained from the provider. */
export type ObtainedGrant = {
  accessToken: string;
  /** Null when the provider gives none (Meta; Google sometimes). */
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
  /** The provider's id of what was connected: the Microsoft tenant, the Meta user. */
  accountId?: string | null;
};

/**
 * Takes in a grant from a connect flow. Without every permission behind it nothing could be
 * read: the grant is given back at once where the provider allows, and the integration is
 * `permission_missing`. Otherwise its tokens are sealed and stored and a first sync is queued.
 */
export async function recordGrant(
  ctx: IntegrationsContext,
  session: ActiveSession,
  provider: { id: IntegrationId; revoke?: RevokeGrant },
  grant: ObtainedGrant,
  permitted: boolean,
): Promise<'connected' | 'permission_missing'> {
  const { db, box } = ctx;
  const integrationId = provider.id;
  const connection = {
    organizationId: session.organization.id,
    integrationId,
    connectedById: session.user.id,
    accountEmail: null,
    accountId: grant.accountId ?? null,
    scopes: grant.scopes,
  };
  const audit = (action: string) =>
    recordAuditEvent(db, {
      action,
      organizationId: session.organization.id,
      actor: auditActor(session),
      details: { integration: integrationId, scopes: grant.scopes },
    });
  if (!permitted) {
    await provider.revoke?.(ctx.config, grant).catch(() => {});
    await saveGrant(db, {
      ...connection,
      status: 'permission_missing',
      accessTokenSealed: null,
      refreshTokenSealed: null,
      tokenExpiresAt: null,
    });
    await audit('integration.permission_missing');
    await keepConnectedList(db, session.organization.id);
    return 'permission_missing';
  }
  const context = sealContext(connection);
  const row = await saveGrant(db, {
    ...connection,
    status: 'connected',
    accessTokenSealed: box.seal(grant.accessToken, context),
    refreshTokenSealed: grant.refreshToken ? box.seal(grant.refreshToken, context) : null,
    tokenExpiresAt: grant.expiresAt,
  });
  await audit('integration.connected');
  await keepConnectedList(db, session.organization.id);
  const first = await ctx.syncQueue?.requestSync({
    organizationId: row.organizationId,
    integrationId,
  });
  if (first?.queued) await setSyncState(db, row.id, 'queued');
  return 'connected';
}
