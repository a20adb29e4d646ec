import type { ExternalShare, StaleUser } from '@castellan/contract';
import type { Db } from '../../../db/client';
import { ConflictError } from '../../../lib/errors';
import { isAllowed, isWithTrustedDomain } from '../../allow-list/matches';
import { approvedEntries } from '../../allow-list/service';
import { trustedDomainsOf } from '../../trusted-domains/service';
import { findIntegrationRow } from '../kit/repository';

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

/** What the last Google Workspace sync read, as the pages show it. */
export type GoogleWorkspaceFactsShown = {
  superAdminCount: number;
  staleUsers: StaleUser[];
  externalShares: Omit<ExternalShare, 'allowed'>[];
};

/** The facts of the connected Google Workspace; 409 when it is not connected or not synced. */
export async function googleWorkspaceFacts(
  db: Db,
  organizationId: string,
): Promise<GoogleWorkspaceFactsShown> {
  const row = await findIntegrationRow(db, organizationId, 'gws');
  if (!row) {
    throw new ConflictError(
      'Google Workspace is not connected. Connect it on the Integrations page.',
    );
  }
  if (!row.facts) {
    throw new ConflictError(
      'Google Workspace has not been read yet. Try again once the first sync has finished.',
    );
  }
  return row.facts as GoogleWorkspaceFactsShown;
}
