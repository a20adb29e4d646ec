import type { ExternalShare } from '@castellan/contract';
import type { Db } from '../../db/client';
import { isAllowed, isWithTrustedDomain } from '../allow-list/matches';
import { approvedEntries } from '../allow-list/service';
import { trustedDomainsOf } from '../trusted-domains/service';
import { googleWorkspaceFacts } from './service';

/**
 * What the last sync found shared outside the organisation (its trusted domains count as
 * inside), each marked allowed when an approved
 * allow-list entry covers it. Administrators see every share, members the files they own.
 */
export async function listExternalShares(
  db: Db,
  session: { organization: { id: string }; user: { email: string; role: string } },
): Promise<ExternalShare[]> {
  const organizationId = session.organization.id;
  const [facts, approved, trusted] = await Promise.all([
    googleWorkspaceFacts(db, organizationId),
    approvedEntries(db, organizationId),
    trustedDomainsOf(db, organizationId),
  ]);
  const trustedSet = new Set(trusted);
  const email = session.user.email.toLowerCase();
  return facts.externalShares
    .filter((s) => session.user.role === 'admin' || s.owner.toLowerCase() === email)
    .filter((s) => !isWithTrustedDomain(s, trustedSet))
    .map((s) => ({ ...s, allowed: isAllowed(s, approved) }));
}
