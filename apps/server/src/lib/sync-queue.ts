/** One integration of one organisation, to be synced. */
export type IntegrationSyncJob = { organizationId: string; integrationId: string };

/**
 * Queues integration syncs (`jobs/integration-syncs.ts` implements it; the app passes it to the
 * routes, so that modules never import the jobs).
 */
export interface SyncQueue {
  /**
   * Queues a sync now, unless one of this integration is already queued or running: then
   * nothing is added and `queued` is false.
   */
  requestSync(job: IntegrationSyncJob): Promise<{ queued: boolean }>;
}
