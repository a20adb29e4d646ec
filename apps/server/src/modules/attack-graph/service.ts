import type { AttackGraphResponse, BreachCostRange, EvidenceSource } from '@castellan/contract';
import type { Db } from '../../db/client';
import { listIntegrationRows } from '../integrations/kit/repository';
import { listOrganizationScans } from '../risk-analysis/repository';
import { listMembersAndTasks } from '../tasks/service';
import { biggestReduction, breachCostRange, type Reduction } from './breach-cost';
import { type AttackGraphInput, ENTRY_TASKS, exposuresOf } from './exposure';
import { graphOf } from './model';

/** The organisation's stored evidence as the attack graph reads it. */
export async function loadAttackGraphInput(
  db: Db,
  organizationId: string,
): Promise<AttackGraphInput> {
  const [{ tasks, members }, [scan], integrations] = await Promise.all([
    listMembersAndTasks(db, organizationId, ENTRY_TASKS),
    listOrganizationScans(db, organizationId, { onlyDone: true, limit: 1 }),
    listIntegrationRows(db, organizationId),
  ]);
  const findings = scan?.report?.findings ?? null;
  const available = new Set<EvidenceSource>();
  if (findings) available.add('domain-scan');
  for (const row of integrations) {
    if (row.status === 'connected' && row.lastScan)
      available.add(row.integrationId as EvidenceSource);
  }
  if (tasks.some((t) => t.evidence.some((e) => e.source === 'agent'))) available.add('agent');
  return {
    tasks,
    members: members.map((m) => ({
      email: m.email,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email,
      role: m.role,
    })),
    findings,
    available,
  };
}

/** The attack graph of the organisation, computed from what is stored now. */
export async function attackGraph(db: Db, organizationId: string): Promise<AttackGraphResponse> {
  return graphOf(exposuresOf(await loadAttackGraphInput(db, organizationId)), new Date());
}

/** The expected breach cost of the organisation and the task that lowers it most. */
export async function breachCost(
  db: Db,
  organizationId: string,
): Promise<{ range: BreachCostRange; biggestReduction: Reduction | null }> {
  const input = await loadAttackGraphInput(db, organizationId);
  const exposures = exposuresOf(input);
  return {
    range: breachCostRange(exposures, input.members.length),
    biggestReduction: biggestReduction(input, exposures),
  };
}
