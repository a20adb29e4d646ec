import type { Db } from '../../../db/client';
import { isAllowed, isWithTrustedDomain } from '../../allow-list/matches';
import { approvedEntries } from '../../allow-list/service';
import { approvedClientIdsOf } from '../../connected-apps/service';
import { trustedDomainsOf } from '../../trusted-domains/service';
import type { IntegrationRow } from '../kit/repository';
import { recordSuiteVerdicts } from '../kit/suite-verdicts';
import { googleVerdicts, type StoredGoogleFacts } from './verdicts';

/**
 * Records the task verdicts of the last Google Workspace sync's facts, against the allow-list and
 * the trusted domains as they are now, speaking for the sign-in of the members `speaksForSignIn` names.
 */
export async function judgeGoogleWorkspace(
  db: Db,
  row: IntegrationRow,
  members: readonly { id: string; email: string }[],
  speaksForSignIn: (email: string) => boolean,
): Promise<void> {
  if (!row.facts || !row.lastScan) return;
  const facts = row.facts as StoredGoogleFacts;
  const [approved, trusted, approvedApps] = await Promise.all([
    approvedEntries(db, row.organizationId),
    trustedDomainsOf(db, row.organizationId),
    approvedClientIdsOf(db, row.organizationId, 'google'),
  ]);
  const trustedSet = new Set(trusted);
  const flagged = facts.externalShares.filter(
    (s) => !isWithTrustedDomain(s, trustedSet) && !isAllowed(s, approved),
  );
  const verdicts = googleVerdicts(facts, members, flagged, speaksForSignIn, approvedApps);
  await recordSuiteVerdicts(db, row, 'gws', verdicts, facts.userCount);
}
