import type { AwsFindings } from '@castellan/contract';
import type { Db } from '../../../db/client';
import { ConflictError } from '../../../lib/errors';
import { findIntegrationRow } from '../kit/repository';
import { oldAccessKeys, type StoredAwsFacts, usersWithoutMfa } from './verdicts';

/** What the last sync found in the organisation's AWS account, for the integrations page. */
export async function awsFindings(db: Db, organizationId: string): Promise<AwsFindings> {
  const row = await findIntegrationRow(db, organizationId, 'aws');
  if (!row) throw new ConflictError('AWS is not connected. Connect it on the Integrations page.');
  const facts = row.facts as StoredAwsFacts | null;
  if (!facts)
    return { accountId: null, checkedAt: null, usersWithoutMfa: [], oldAccessKeys: [], trails: [] };
  return {
    accountId: facts.accountId,
    checkedAt: facts.readAt,
    usersWithoutMfa: usersWithoutMfa(facts).map((u) => ({
      name: u.name,
      passwordLastUsed: u.passwordLastUsed,
    })),
    oldAccessKeys: oldAccessKeys(facts).map((k) => ({
      user: k.user,
      ageDays: k.ageDays,
      lastUsed: k.lastUsed,
    })),
    trails: facts.trails.map((t) => ({
      name: t.name,
      homeRegion: t.homeRegion,
      multiRegion: t.multiRegion,
      logging: t.logging,
    })),
  };
}
