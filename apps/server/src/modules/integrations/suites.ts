import type { Db } from '../../db/client';
import { findOrganization, setStoppedAttacks } from '../organizations/repository';
import { listMembersByName } from '../users/repository';
import { listIntegrationRows } from './kit/repository';
import { type SuiteMembers, signInJudges } from './kit/sign-in-suite';
import { ADAPTERS } from './providers';

/**
 * Judges the organisation's tasks again from what its integrations last read, and counts the
 * attacks its office suites stopped. Called after a sync, a disconnect, and a change to the
 * allow-list: the suites' verdicts depend on each other (which suite speaks for whose sign-in).
 */
export async function judgeIntegrations(db: Db, organizationId: string): Promise<void> {
  const [organization, rows, members] = await Promise.all([
    findOrganization(db, organizationId),
    listIntegrationRows(db, organizationId),
    listMembersByName(db, organizationId),
  ]);
  if (!organization) return;
  const synced = Object.values(ADAPTERS).flatMap((adapter) => {
    const row = rows.find((r) => r.integrationId === adapter.id);
    return row?.facts && row.lastScan ? [{ adapter, row, facts: row.facts as unknown }] : [];
  });
  const suites: Record<string, SuiteMembers> = {};
  const workspaceOf: Record<string, string> = {};
  for (const { adapter, facts } of synced) {
    if (!adapter.suite) continue;
    suites[adapter.id] = adapter.suite.members(facts);
    workspaceOf[adapter.id] = adapter.suite.workspace;
  }
  let failedLogins = 0;
  let blockedSpam = 0;
  for (const { adapter, row, facts } of synced) {
    const speaksForSignIn = adapter.suite
      ? (email: string) =>
          signInJudges(email, suites, organization.workspace, workspaceOf).includes(adapter.id)
      : () => true;
    await adapter.judge(db, row, members, speaksForSignIn);
    const stopped = adapter.suite?.stoppedAttacks(facts);
    failedLogins += stopped?.failedLogins ?? 0;
    blockedSpam += stopped?.blockedSpam ?? 0;
  }
  await setStoppedAttacks(db, organizationId, { failedLogins, blockedSpam });
}
