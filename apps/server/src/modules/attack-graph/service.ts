import type {
  AttackGraphResponse,
  BreachCostExplanation,
  BreachCostRange,
  EvidenceSource,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { listIntegrationRows } from '../integrations/kit/repository';
import { listOrganizationIds } from '../organizations/repository';
import { listOrganizationScans } from '../risk-analysis/repository';
import { listMembersAndTasks } from '../tasks/service';
import {
  biggestReduction,
  biggestRisks,
  breachCostRange,
  type OpenRisk,
  type Reduction,
} from './breach-cost';
import { costInputsOf, whatChanged, whyThisCost } from './breach-cost-explanation';
import { type AttackGraphInput, ENTRY_TASKS, exposuresOf } from './exposure';
import { graphOf } from './model';
import { findBaselineSnapshot, saveBreachCostSnapshot } from './repository';

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

/** The day (UTC) of a moment, as `YYYY-MM-DD`. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The expected breach cost of the organisation, the task that lowers it most, and why it is what
 * it is and what changed it since a week before `now`.
 */
export async function breachCost(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<{
  range: BreachCostRange;
  biggestReduction: Reduction | null;
  explanation: BreachCostExplanation;
}> {
  const weekAgo = dayOf(new Date(now.getTime() - 7 * 86_400_000));
  const [input, baseline] = await Promise.all([
    loadAttackGraphInput(db, organizationId),
    findBaselineSnapshot(db, organizationId, weekAgo),
  ]);
  const exposures = exposuresOf(input);
  const inputs = costInputsOf(exposures, input.members.length);
  return {
    range: breachCostRange(exposures, input.members.length),
    biggestReduction: biggestReduction(input, exposures),
    explanation: {
      why: whyThisCost(inputs),
      sinceLastWeek: whatChanged(inputs, baseline, weekAgo),
    },
  };
}

/** How many open risks the board's page names. */
export const BOARD_RISKS = 3;

/** The expected breach cost and the open ways in that cost most (the board's page). */
export async function boardRisks(
  db: Db,
  organizationId: string,
): Promise<{ expectedBreachCost: number; risks: OpenRisk[] }> {
  const input = await loadAttackGraphInput(db, organizationId);
  const exposures = exposuresOf(input);
  return {
    expectedBreachCost: breachCostRange(exposures, input.members.length).expected,
    risks: biggestRisks(exposures, input.members.length, BOARD_RISKS),
  };
}

/** Keeps today's snapshot of every organisation's breach-cost inputs. */
export async function snapshotBreachCosts(db: Db, now = new Date()): Promise<number> {
  const ids = await listOrganizationIds(db);
  for (const id of ids) {
    const input = await loadAttackGraphInput(db, id);
    const inputs = costInputsOf(exposuresOf(input), input.members.length);
    await saveBreachCostSnapshot(db, id, dayOf(now), inputs);
  }
  return ids.length;
}
