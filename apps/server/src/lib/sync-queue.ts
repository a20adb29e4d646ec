/** One sync of one organisation's integration. */
export type IntegrationSyncJob = { organizationId: string; integrationId: string };

/**
 * What routes need of the background jobs to sync an integration now (jobs/ implements it and
 * the app passes it in, so that modules never import the jobs).
 */
export interface SyncQueue {
  /** Queues a sync; `queued` is false when one is already queued or running. */
  requestSync(job: IntegrationSyncJob): Promise<{ queued: boolean }>;
}
