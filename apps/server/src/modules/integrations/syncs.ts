import type { Db } from '../../db/client';
import { syncGoogleWorkspace } from './google/sync';
import { listDueIntegrations } from './kit/repository';
import { syncMeta } from './meta/sync';
import { syncMicrosoft365 } from './microsoft/sync';
import type { IntegrationsContext } from './service';

const SYNCS = { gws: syncGoogleWorkspace, m365: syncMicrosoft365, meta: syncMeta } as const;

/**
 * What the background jobs need to sync integrations: which are due, and how to sync one (the
 * jobs call these; this module never imports the jobs).
 */
export function integrationSyncs(ctx: Omit<IntegrationsContext, 'db' | 'syncQueue'>) {
  return {
    due: (db: Db, now: Date, everyMs: number) =>
      listDueIntegrations(db, new Date(now.getTime() - everyMs)),
    run: async (
      db: Db,
      job: { organizationId: string; integrationId: string },
      signal: AbortSignal,
    ): Promise<void> => {
      const sync = SYNCS[job.integrationId as keyof typeof SYNCS];
      if (sync) await sync({ ...ctx, db }, job.organizationId, signal);
    },
  };
}
