import type { LastNudge } from '@castellan/contract';
import type { Db } from '../../db/client';
import { listLastNudges } from './repository';

/** When and through which channel each member was last nudged (Company status). */
export async function lastNudgesOf(
  db: Db,
  organizationId: string,
): Promise<Map<string, LastNudge>> {
  const last = await listLastNudges(db, organizationId);
  return new Map(
    [...last].map(([userId, n]) => [userId, { at: n.at.toISOString(), channel: n.channel }]),
  );
}
