import type { Db } from '../../db/client';
import { findOrganization, setStoppedAttacks } from '../organizations/repository';
import { listMembersByName } from '../users/repository';
import { judgeGoogleWorkspace } from './google/judge';
import type { StoredGoogleFacts } from './google/verdicts';
import { findIntegrationRow, type IntegrationRow } from './kit/repository';
import { type SuiteMembers, signInJudges } from './kit/sign-in-suite';
import { judgeMicrosoft365 } from './microsoft/judge';
import type { StoredM365Facts } from './microsoft/verdicts';

const withFacts = <T>(row: IntegrationRow | null) =>
  row?.facts && row.lastScan ? { row, facts: row.facts as T } : null;

const suiteMembers = (
  accounts: Iterable<string> | null,
  mailboxes: readonly string[] | undefined,
): SuiteMembers => ({ accounts: new Set(accounts ?? []), mailboxes: new Set(mailboxes ?? []) });

/**
 * Judges the organisation's tasks again from what its office suites (Google Workspace,
 * Microsoft 365) last read, and counts the attacks they stopped. Called after a sync of either,
 * a disconnect, and a change to the allow-list: the two suites' verdicts depend on each other.
 */
export async function judgeSuites(db: Db, organizationId: string): Promise<void> {
  const [organization, gwsRow, m365Row, members] = await Promise.all([
    findOrganization(db, organizationId),
    findIntegrationRow(db, organizationId, 'gws'),
    findIntegrationRow(db, organizationId, 'm365'),
    listMembersByName(db, organizationId),
  ]);
  if (!organization) return;
  const gws = withFacts<StoredGoogleFacts>(gwsRow);
  const m365 = withFacts<StoredM365Facts>(m365Row);
  const suites = {
    gws: gws && suiteMembers(Object.keys(gws.facts.memberMfa), gws.facts.mailboxes),
    m365: m365 && suiteMembers(Object.keys(m365.facts.memberMfa ?? {}), m365.facts.mailboxes),
  };
  const judges = (suite: 'gws' | 'm365') => (email: string) =>
    signInJudges(email, suites, organization.workspace).includes(suite);

  if (gws) await judgeGoogleWorkspace(db, gws.row, members, judges('gws'));
  if (m365) await judgeMicrosoft365(db, m365.row, members, judges('m365'));
  await setStoppedAttacks(db, organizationId, {
    failedLogins: (gws?.facts.failedLogins30d ?? 0) + (m365?.facts.failedLogins30d ?? 0),
    blockedSpam: gws?.facts.blockedSpam ?? 0,
  });
}
