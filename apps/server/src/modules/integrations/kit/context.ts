import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { IntegrationAlerts } from '../../../lib/mail-queue';
import type { SecretBox } from '../../../lib/secret-box';
import type { SyncQueue } from '../../../lib/sync-queue';

/** What the integrations need from the app: the database, the configuration, the sealing key. */
export type IntegrationsContext = {
  db: Db;
  config: Config;
  box: SecretBox;
  syncQueue: SyncQueue | null;
  log: FastifyBaseLogger;
  /** Told when a sync finds the grant revoked (the administrators are e-mailed); none in tests. */
  alerts?: IntegrationAlerts;
  /**
   * Judges the organisation's device tasks again from every source's reports (the devices
   * module): after a sync or a disconnect changed what a suite reports on the members' devices.
   */
  devices: { judge(db: Db, organizationId: string): Promise<void> };
};
