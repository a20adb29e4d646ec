import { PROVIDERS } from '@castellan/contract';
import type { Db } from '../../db/client';
import type { IntegrationsContext } from './kit/context';
import { failureKindOf } from './kit/provider-error';
import { listDueIntegrations } from './kit/repository';
import { reportsOnDevices } from './kit/suite-device';
import { runSync, type SyncContext } from './kit/sync-runner';
import { adapterOf } from './providers';
import { judgeIntegrations } from './suites';

/** Syncs one connected integration with its adapter; nothing when this server has no client. */
export async function syncIntegration(
  ctx: SyncContext,
  organizationId: string,
  integrationId: string,
  signal: AbortSignal,
): Promise<void> {
  const adapter = adapterOf(integrationId);
  if (!adapter?.configured(ctx.config)) return;
  await runSync(
    ctx,
    organizationId,
    integrationId,
    {
      name: PROVIDERS[adapter.id].name,
      failures: adapter.failures,
      kindOf: failureKindOf,
      read: async (input) => ({ ...(await adapter.read(ctx, input)) }),
      judge: async (db, organizationId) => {
        await judgeIntegrations(db, organizationId);
        if (reportsOnDevices(integrationId)) await ctx.devices.judge(db, organizationId);
      },
    },
    signal,
  );
}

/** A sync of one provider, as the tests and the jobs call it. */
export const syncOf =
  (integrationId: string) => (ctx: SyncContext, organizationId: string, signal: AbortSignal) =>
    syncIntegration(ctx, organizationId, integrationId, signal);

/**
 * What the background jobs need to sync integrations: which are due, and how to sync one (the
 * jobs call these; this module never imports the jobs).
 */
export function integrationSyncs(ctx: Omit<IntegrationsContext, 'db' | 'syncQueue'>) {
  return {
    due: listDueIntegrations,
    run: (db: Db, job: { organizationId: string; integrationId: string }, signal: AbortSignal) =>
      syncIntegration({ ...ctx, db }, job.organizationId, job.integrationId, signal),
  };
}
