import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { breachCostSnapshots } from '../../db/schema';
import type { CostInputs } from './breach-cost-explanation';

/** The daily snapshots of what the breach cost was computed from; each query filters by organisation. */

/** One snapshot per organisation and day: a later one of the same day replaces it. */
export async function saveBreachCostSnapshot(
  db: Db,
  organizationId: string,
  day: string,
  inputs: CostInputs,
): Promise<void> {
  const values = { headcount: inputs.headcount, entryPoints: inputs.entryPoints };
  await db
    .insert(breachCostSnapshots)
    .values({ organizationId, day, ...values })
    .onConflictDoUpdate({
      target: [breachCostSnapshots.organizationId, breachCostSnapshots.day],
      set: { ...values, takenAt: new Date() },
    });
}

const columns = {
  day: breachCostSnapshots.day,
  headcount: breachCostSnapshots.headcount,
  entryPoints: breachCostSnapshots.entryPoints,
};

/** The latest snapshot of `day` or before; else the earliest kept (null when none is). */
export async function findBaselineSnapshot(db: Db, organizationId: string, day: string) {
  const ofOrganization = eq(breachCostSnapshots.organizationId, organizationId);
  const [weekOld] = await db
    .select(columns)
    .from(breachCostSnapshots)
    .where(and(ofOrganization, lte(breachCostSnapshots.day, day)))
    .orderBy(desc(breachCostSnapshots.day))
    .limit(1);
  if (weekOld) return weekOld;
  const [earliest] = await db
    .select(columns)
    .from(breachCostSnapshots)
    .where(ofOrganization)
    .orderBy(asc(breachCostSnapshots.day))
    .limit(1);
  return earliest ?? null;
}
