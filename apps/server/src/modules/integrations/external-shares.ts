import type { ExternalShare } from '@castellan/contract';
import type { Db } from '../../db/client';
import { isAllowed } from '../allow-list/matches';
import { approvedEntries } from '../allow-list/service';
import { googleWorkspaceFacts } from './service';

/**
 * What the last sync found shared outside the organisation, each marked allowed when an approved
 * allow-list entry covers it. Administrators see every share, members the files they own.
 */
export async function listExternalShares(
  db: Db,
  session: { organization: { id: string }; user: { email: string; role: string } },
): Promise<ExternalShare[]> {
  const organizationId = session.organization.id;
  const [facts, approved] = await Promise.all([
    googleWorkspaceFacts(db, organizationId),
    approvedEntries(db, organizationId),
  ]);
  const email = session.user.email.toLowerCase();
  return facts.externalShares
    .filter((s) => session.user.role === 'admin' || s.owner.toLowerCase() === email)
    .map((s) => ({ ...s, allowed: isAllowed(s, approved) }));
}
