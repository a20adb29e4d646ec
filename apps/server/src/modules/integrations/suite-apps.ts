import type { AppSuite } from '@castellan/contract';
import { SUITE_PROVIDER_IDS, suiteInfo } from '@castellan/contract';
import type { Db } from '../../db/client';
import type { SuiteApps } from '../connected-apps/app-facts';
import type { SuiteAppsRead } from '../connected-apps/service';
import { listIntegrationRows } from './kit/repository';

const SUITES: readonly { id: string; suite: AppSuite }[] = SUITE_PROVIDER_IDS.map((id) => ({
  id,
  suite: suiteInfo(id).workspace,
}));

/**
 * The outside apps each office suite's last sync read, for the suites the organisation connected
 * (or whose last facts are still kept). Facts of syncs older than the apps read have none: null.
 */
export async function suiteAppsOf(db: Db, organizationId: string): Promise<SuiteAppsRead[]> {
  const rows = await listIntegrationRows(db, organizationId);
  return SUITES.flatMap(({ id, suite }) => {
    const row = rows.find((r) => r.integrationId === id);
    if (!row || (row.status !== 'connected' && !row.facts)) return [];
    const apps = (row.facts as { apps?: SuiteApps } | null)?.apps ?? null;
    return [{ suite, apps: row.lastScan ? apps : null, readAt: row.lastScan }];
  });
}
