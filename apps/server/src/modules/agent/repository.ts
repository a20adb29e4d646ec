import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentDevices, agentEnrollmentCodes, type StoredAgentCheck, users } from '../../db/schema';

/**
 * Every query of the agent's enrollment codes and devices; each filters by the organisation it is
 * given, except the look-ups by a secret's hash (which name the organisation themselves).
 */

export async function insertEnrollmentCode(
  db: Db,
  row: { codeHash: string; organizationId: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(agentEnrollmentCodes).values(row);
}

export async function deleteExpiredEnrollmentCodes(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(agentEnrollmentCodes)
    .where(lt(agentEnrollmentCodes.expiresAt, now))
    .returning({ codeHash: agentEnrollmentCodes.codeHash });
  return gone.length;
}

/** Uses a code up: it is deleted whether or not it is still valid, so it never works twice. */
export async function takeEnrollmentCode(db: Db, codeHash: string) {
  const [row] = await db
    .delete(agentEnrollmentCodes)
    .where(eq(agentEnrollmentCodes.codeHash, codeHash))
    .returning({
      organizationId: agentEnrollmentCodes.organizationId,
      userId: agentEnrollmentCodes.userId,
      expiresAt: agentEnrollmentCodes.expiresAt,
    });
  return row ?? null;
}

export type NewDevice = {
  organizationId: string;
  userId: string;
  tokenHash: string;
  name: string;
  platform: 'linux' | 'darwin' | 'win32';
  osVersion: string;
  agentVersion: string;
};

export async function insertDevice(db: Db, device: NewDevice): Promise<{ id: string }> {
  const [row] = await db.insert(agentDevices).values(device).returning({ id: agentDevices.id });
  if (!row) throw new Error('the device was not stored');
  return row;
}

const deviceColumns = {
  id: agentDevices.id,
  organizationId: agentDevices.organizationId,
  userId: agentDevices.userId,
  name: agentDevices.name,
  platform: agentDevices.platform,
  osVersion: agentDevices.osVersion,
  agentVersion: agentDevices.agentVersion,
  enrolledAt: agentDevices.enrolledAt,
  lastReportAt: agentDevices.lastReportAt,
  lastReportedAt: agentDevices.lastReportedAt,
  checks: agentDevices.checks,
  checkNowAt: agentDevices.checkNowAt,
};
export type DeviceRow = Omit<typeof agentDevices.$inferSelect, 'tokenHash'>;

export async function findDeviceByToken(db: Db, tokenHash: string): Promise<DeviceRow | null> {
  const [row] = await db
    .select(deviceColumns)
    .from(agentDevices)
    .where(eq(agentDevices.tokenHash, tokenHash));
  return row ?? null;
}

export async function countMemberDevices(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentDevices)
    .where(and(eq(agentDevices.organizationId, organizationId), eq(agentDevices.userId, userId)));
  return row?.n ?? 0;
}

/**
 * The member's devices, locked until the transaction ends: reports, removals and re-judging of
 * one member happen one after the other, each judging from what the previous one stored. The
 * lock is taken in id order, as the organisation-wide one is, so they cannot deadlock.
 */
export async function lockMemberDevices(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<DeviceRow[]> {
  return db
    .select(deviceColumns)
    .from(agentDevices)
    .where(and(eq(agentDevices.organizationId, organizationId), eq(agentDevices.userId, userId)))
    .orderBy(asc(agentDevices.id))
    .for('update');
}

/** Every device of the organisation, locked in id order (the daily re-judging). */
export async function lockOrganizationDevices(
  db: Db,
  organizationId: string,
): Promise<DeviceRow[]> {
  return db
    .select(deviceColumns)
    .from(agentDevices)
    .where(eq(agentDevices.organizationId, organizationId))
    .orderBy(asc(agentDevices.id))
    .for('update');
}

/** Stores a report unless the device already has one as new (a replay): false then. */
export async function storeReport(
  db: Db,
  deviceId: string,
  report: {
    reportedAt: Date;
    receivedAt: Date;
    checks: StoredAgentCheck[];
    osVersion?: string | undefined;
    agentVersion?: string | undefined;
  },
): Promise<boolean> {
  const stored = await db
    .update(agentDevices)
    .set({
      checks: report.checks,
      lastReportAt: report.receivedAt,
      lastReportedAt: report.reportedAt,
      ...(report.osVersion !== undefined ? { osVersion: report.osVersion } : {}),
      ...(report.agentVersion !== undefined ? { agentVersion: report.agentVersion } : {}),
    })
    .where(
      and(
        eq(agentDevices.id, deviceId),
        or(isNull(agentDevices.lastReportedAt), lt(agentDevices.lastReportedAt, report.reportedAt)),
      ),
    )
    .returning({ id: agentDevices.id });
  return stored.length > 0;
}

/** The devices with their owner, of one member or of the whole organisation. */
export async function listDevices(db: Db, organizationId: string, onlyUserId?: string) {
  return db
    .select({
      ...deviceColumns,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerEmail: users.email,
    })
    .from(agentDevices)
    .innerJoin(users, eq(users.id, agentDevices.userId))
    .where(
      and(
        eq(agentDevices.organizationId, organizationId),
        onlyUserId === undefined ? undefined : eq(agentDevices.userId, onlyUserId),
      ),
    )
    .orderBy(
      asc(users.firstName),
      asc(users.lastName),
      asc(agentDevices.name),
      asc(agentDevices.id),
    );
}

export async function findDevice(
  db: Db,
  organizationId: string,
  deviceId: string,
): Promise<DeviceRow | null> {
  const [row] = await db
    .select(deviceColumns)
    .from(agentDevices)
    .where(and(eq(agentDevices.organizationId, organizationId), eq(agentDevices.id, deviceId)));
  return row ?? null;
}

export async function deleteDevice(db: Db, organizationId: string, deviceId: string) {
  await db
    .delete(agentDevices)
    .where(and(eq(agentDevices.organizationId, organizationId), eq(agentDevices.id, deviceId)));
}

/** The organisations with at least one device: the ones whose devices may turn stale. */
export async function listOrganizationsWithDevices(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: agentDevices.organizationId })
    .from(agentDevices);
  return rows.map((r) => r.organizationId);
}

/** A person asked the device to check again now. */
export async function markCheckNow(db: Db, organizationId: string, deviceId: string, at: Date) {
  await db
    .update(agentDevices)
    .set({ checkNowAt: at })
    .where(and(eq(agentDevices.organizationId, organizationId), eq(agentDevices.id, deviceId)));
}
