import type { Db } from '../../db/client';
import { syncGoogleWorkspace } from './google/sync';
import { listDueIntegrations } from './repository';
import type { IntegrationsContext } from './service';

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
      if (job.integrationId === 'gws') {
        await syncGoogleWorkspace({ ...ctx, db }, job.organizationId, signal);
      }
    },
  };
}
