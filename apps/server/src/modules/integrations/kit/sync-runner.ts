import type { Db } from '../../../db/client';
import { findOrganization } from '../../organizations/repository';
import type { IntegrationsContext } from './context';
import {
  findIntegrationRow,
  type IntegrationRow,
  saveSyncResult,
  saveTokens,
  setStatus,
  setSyncState,
} from './repository';
import { type OpenedTokens, openTokens, sealContext } from './tokens';

/** How a provider's failures are told apart; the first two need the admin, the rest pass. */
export type SyncFailureKind =
  | 'invalid_token'
  | 'permission_missing'
  | 'rate_limited'
  | 'unavailable'
  | 'failed';

/**
 * What a sync needs: the database, the sealed tokens' key, whom to tell of a revoked grant, and
 * who judges the devices a suite reports on.
 */
export type SyncContext = Pick<
  IntegrationsContext,
  'db' | 'config' | 'box' | 'log' | 'alerts' | 'devices'
>;

/** One provider's sync, as the runner needs it. */
export type ProviderSync = {
  name: string;
  /** What a person reads when a sync fails, by the kind of failure. */
  failures: Record<SyncFailureKind, string>;
  /** The kind of a provider error; null for anything else (a bug, a dropped database). */
  kindOf: (err: unknown) => SyncFailureKind | null;
  /** Reads the provider; returns the facts to keep. */
  read: (input: {
    row: IntegrationRow;
    tokens: OpenedTokens;
    organization: { id: string; domain: string };
    /** Keeps new tokens after a refresh, sealed. */
    saveTokens: (t: {
      accessToken: string;
      refreshToken: string | null;
      expiresAt: Date;
    }) => Promise<void>;
    now: Date;
    signal: AbortSignal;
  }) => Promise<Record<string, unknown>>;
  /** Judges the organisation's tasks from the stored facts. */
  judge: (db: Db, organizationId: string) => Promise<void>;
};

/**
 * Syncs one connected integration: reads it, keeps the facts, judges. A revoked grant or a
 * missing permission sets the integration's status and ends the sync (trying again cannot
 * help); anything else throws so the job is retried with backoff.
 */
export async function runSync(
  ctx: SyncContext,
  organizationId: string,
  integrationId: string,
  provider: ProviderSync,
  signal: AbortSignal,
): Promise<void> {
  const { db } = ctx;
  const [row, organization] = await Promise.all([
    findIntegrationRow(db, organizationId, integrationId),
    findOrganization(db, organizationId),
  ]);
  if (row?.status !== 'connected' || !organization) return;
  await setSyncState(db, row.id, 'running');
  const now = new Date();
  try {
    const facts = await provider.read({
      row,
      tokens: openTokens(ctx.box, row),
      organization,
      saveTokens: (t) =>
        saveTokens(db, row.id, {
          accessTokenSealed: ctx.box.seal(t.accessToken, sealContext(row)),
          ...(t.refreshToken
            ? { refreshTokenSealed: ctx.box.seal(t.refreshToken, sealContext(row)) }
            : {}),
          tokenExpiresAt: t.expiresAt,
        }),
      now,
      signal,
    });
    // Idle only once judged: the page stops asking when the sync is idle, and the checks' results
    // on its cards are the judged evidence.
    await saveSyncResult(db, row.id, facts, now, 'running');
    await provider.judge(db, organizationId);
    await setSyncState(db, row.id, 'idle');
    ctx.log.info({ organizationId, integration: integrationId }, `${provider.name} synced`);
  } catch (err) {
    const kind = provider.kindOf(err);
    if (kind === 'invalid_token' || kind === 'permission_missing') {
      await setStatus(db, row.id, kind, { state: 'failed', error: provider.failures[kind] });
      ctx.log.warn({ organizationId, kind }, `${provider.name} sync refused`);
      // The sync is over either way: an alert that cannot be queued is only logged.
      if (kind === 'invalid_token') {
        await ctx.alerts
          ?.tokenRevoked(organizationId, integrationId)
          .catch((alertErr: unknown) =>
            ctx.log.error({ err: alertErr }, 'integration alert not queued'),
          );
      }
      return;
    }
    await setSyncState(db, row.id, 'failed', provider.failures[kind ?? 'failed']);
    throw err;
  }
}
