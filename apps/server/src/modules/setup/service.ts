import type { SetupChecklistResponse, SetupStep } from '@castellan/contract';
import type { Db } from '../../db/client';
import { countMemberDevices } from '../agent/repository';
import { GOOGLE_CHECK_TASKS } from '../integrations/google/verdicts';
import { listIntegrationRows } from '../integrations/kit/repository';
import { ADAPTERS } from '../integrations/providers';
import { findOrganizationMail } from '../organizations/repository';
import { hasFinishedRealScan } from '../risk-analysis/repository';
import { catalogueById } from '../tasks/catalogue';
import { countMembers } from '../users/repository';

/** The providers that are office suites (Google Workspace, Microsoft 365). */
const SUITES: ReadonlySet<string> = new Set(
  Object.values(ADAPTERS)
    .filter((adapter) => adapter.suite)
    .map((adapter) => adapter.id),
);

/** How many of an organisation of `members` people's tasks Google Workspace's checks decide. */
export function googleCheckedTasks(members: number): number {
  let tasks = 0;
  for (const id of new Set(Object.values(GOOGLE_CHECK_TASKS))) {
    const task = catalogueById.get(id);
    if (task) tasks += task.scope === 'Admin' ? 1 : members;
  }
  return tasks;
}

/**
 * The administrator's "Get set up" checklist, each step judged from what is stored: a connected
 * office suite, a finished real scan of the domain, a computer of theirs running the agent,
 * someone else in the organisation (a member or an invitation), the weekly reminders switched on.
 */
export async function setupChecklist(
  db: Db,
  organizationId: string,
  adminId: string,
): Promise<SetupChecklistResponse> {
  const [integrations, scanned, devices, { members }, mail] = await Promise.all([
    listIntegrationRows(db, organizationId),
    hasFinishedRealScan(db, organizationId),
    countMemberDevices(db, organizationId, adminId),
    countMembers(db, organizationId),
    findOrganizationMail(db, organizationId),
  ]);
  const done: Record<SetupStep, boolean> = {
    suite: integrations.some((i) => SUITES.has(i.integrationId) && i.status === 'connected'),
    domainScan: scanned,
    agent: devices > 0,
    team: members > 1,
    reminders: mail?.reminders ?? false,
  };
  return {
    steps: Object.entries(done).map(([id, isDone]) => ({ id: id as SetupStep, done: isDone })),
    googleCheckedTasks: googleCheckedTasks(members),
  };
}
