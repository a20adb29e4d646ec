import { auditActor } from '../../audit/actor';
import { recordAuditEvent } from '../../audit/repository';
import type { ActiveSession } from '../../sessions/repository';
import { googleClientConfig } from '../provider-grants';
import { saveGrant, setSyncState } from '../repository';
import type { IntegrationsContext } from '../service';
import { sealContext } from '../tokens';
import { type GoogleGrant, revokeGoogleToken } from './index';

/**
 * Takes in a grant from the connect flow. Without every scope or an administrator behind it,
 * nothing could be read: the grant is given back at once and the integration is
 * `permission_missing`. Otherwise its tokens are sealed and stored and a first sync is queued.
 */
export async function recordGoogleGrant(
  ctx: IntegrationsContext,
  session: ActiveSession,
  grant: GoogleGrant,
  permitted: boolean,
): Promise<'connected' | 'permission_missing'> {
  const { db, box } = ctx;
  const connection = {
    organizationId: session.organization.id,
    integrationId: 'gws',
    connectedById: session.user.id,
    accountEmail: null,
    scopes: grant.scopes,
  };
  const audit = (action: string) =>
    recordAuditEvent(db, {
      action,
      organizationId: session.organization.id,
      actor: auditActor(session),
      details: { integration: 'gws', scopes: grant.scopes },
    });
  if (!permitted) {
    const google = googleClientConfig(ctx.config);
    if (google) {
      await revokeGoogleToken(google, grant.refreshToken ?? grant.accessToken).catch(() => {});
    }
    await saveGrant(db, {
      ...connection,
      status: 'permission_missing',
      accessTokenSealed: null,
      refreshTokenSealed: null,
      tokenExpiresAt: null,
    });
    await audit('integration.permission_missing');
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
  const first = await ctx.syncQueue?.requestSync({
    organizationId: row.organizationId,
    integrationId: 'gws',
  });
  if (first?.queued) await setSyncState(db, row.id, 'queued');
  return 'connected';
}
