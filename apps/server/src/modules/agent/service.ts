import {
  AGENT_CHECK_NOW,
  AGENT_LIMITS,
  type AgentDueResponse,
  type AgentEnrollmentCode,
  type AgentReportRequest,
  type CurrentBrowsers,
  type EnrollAgentRequest,
  type EnrollAgentResponse,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import {
  countMemberDevices,
  type DeviceRow,
  deleteDevice,
  deleteExpiredEnrollmentCodes,
  findDevice,
  findDeviceByToken,
  insertDevice,
  insertEnrollmentCode,
  lockMemberDevices,
  markCheckNow,
  storeReport,
  takeEnrollmentCode,
} from './repository';
import { newDeviceToken, newEnrollmentCode, normalizeEnrollmentCode, secretHash } from './secrets';

const CODE_VALID_MS = 24 * 60 * 60 * 1000;
/** More than any one person uses; keeps a leaked code loop from filling the table. */
export const MAX_DEVICES_PER_MEMBER = 25;

export const INVALID_CODE_MESSAGE =
  'This enrollment code is invalid, used or expired. Get a new one on the Agent download page.';
export const UNKNOWN_DEVICE_MESSAGE =
  'This device is not enrolled (it may have been removed). Enroll it again with a code from the Agent download page.';

/**
 * Judges a member's device tasks again from all their devices, the agent's and the suites' (the
 * devices module does; app.ts hands it in). Called in the transaction that changed their
 * devices, once the member's device rows are locked.
 */
export type DevicesJudge = {
  judge(db: Db, organizationId: string, options: { now: Date; onlyUserId: string }): Promise<void>;
};

/** A new one-time code that enrolls one device of the member. */
export async function createEnrollmentCode(
  db: Db,
  member: { organizationId: string; userId: string },
  now = new Date(),
): Promise<AgentEnrollmentCode> {
  const code = newEnrollmentCode();
  const expiresAt = new Date(now.getTime() + CODE_VALID_MS);
  await deleteExpiredEnrollmentCodes(db, now);
  await insertEnrollmentCode(db, {
    codeHash: secretHash(normalizeEnrollmentCode(code)),
    ...member,
    expiresAt,
  });
  return { code, expiresAt: expiresAt.toISOString() };
}

/** Turns a code into a device of the member who asked for the code, and answers its token once. */
export async function enrollDevice(
  db: Db,
  request: EnrollAgentRequest,
  currentBrowsers: CurrentBrowsers,
  now = new Date(),
): Promise<Omit<EnrollAgentResponse, 'updateKey'>> {
  const token = newDeviceToken();
  const deviceId = await db.transaction(async (tx) => {
    const code = await takeEnrollmentCode(tx, secretHash(normalizeEnrollmentCode(request.code)));
    if (!code || code.expiresAt <= now) throw new BadRequestError(INVALID_CODE_MESSAGE);
    if (
      (await countMemberDevices(tx, code.organizationId, code.userId)) >= MAX_DEVICES_PER_MEMBER
    ) {
      throw new ConflictError(
        `You have ${MAX_DEVICES_PER_MEMBER} devices enrolled already: remove one in Settings first.`,
      );
    }
    const { id } = await insertDevice(tx, {
      organizationId: code.organizationId,
      userId: code.userId,
      tokenHash: secretHash(token),
      ...request.device,
    });
    return id;
  });
  return { deviceId, token, currentBrowsers };
}

/** A device token's device, or 401. */
async function deviceOfToken(db: Db, token: string | null): Promise<DeviceRow> {
  if (!token) {
    throw new UnauthorizedError('A device token is required: Authorization: Bearer <token>.');
  }
  const device = await findDeviceByToken(db, secretHash(token));
  if (!device) throw new UnauthorizedError(UNKNOWN_DEVICE_MESSAGE);
  return device;
}

/**
 * Stores one run's results and judges the member's device tasks again from all their devices.
 * A report no newer than the device's last one is a replay and changes nothing.
 */
export async function receiveReport(
  db: Db,
  devices: DevicesJudge,
  token: string | null,
  report: AgentReportRequest,
  now = new Date(),
): Promise<void> {
  const reportedAt = new Date(report.reportedAt);
  if (reportedAt.getTime() > now.getTime() + AGENT_LIMITS.futureSkewMinutes * 60_000) {
    throw new BadRequestError(
      'reportedAt is in the future: check the date and time of this computer.',
    );
  }
  const device = await deviceOfToken(db, token);
  await db.transaction(async (tx) => {
    const locked = await lockMemberDevices(tx, device.organizationId, device.userId);
    // Removed since it was looked up: the token no longer counts.
    if (!locked.some((d) => d.id === device.id))
      throw new UnauthorizedError(UNKNOWN_DEVICE_MESSAGE);
    const stored = await storeReport(tx, device.id, {
      reportedAt,
      receivedAt: now,
      checks: report.checks.map((c) => ({ ...c, needsAdmin: c.needsAdmin ?? false })),
      osVersion: report.device?.osVersion,
      agentVersion: report.device?.agentVersion,
    });
    if (!stored) {
      throw new ConflictError(
        'This report is not newer than the last one from this device: it was not stored.',
      );
    }
    await devices.judge(tx, device.organizationId, { now, onlyUserId: device.userId });
  });
}

/** The agent removes itself: its token stops working, its results stop counting. */
export async function unenrollDevice(
  db: Db,
  devices: DevicesJudge,
  token: string | null,
  now = new Date(),
) {
  const device = await deviceOfToken(db, token);
  await db.transaction(async (tx) => {
    await lockMemberDevices(tx, device.organizationId, device.userId);
    await deleteDevice(tx, device.organizationId, device.id);
    await devices.judge(tx, device.organizationId, { now, onlyUserId: device.userId });
  });
}

/**
 * Removes a device: its member may remove their own, an administrator any of the organisation's.
 * Anyone else is told it does not exist.
 */
export async function removeDevice(
  db: Db,
  devices: DevicesJudge,
  actor: AuditActor,
  caller: { organizationId: string; userId: string; isAdmin: boolean },
  deviceId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const device = await findDevice(tx, caller.organizationId, deviceId);
    if (!device || (!caller.isAdmin && device.userId !== caller.userId)) {
      throw new NotFoundError('There is no such device.');
    }
    await lockMemberDevices(tx, device.organizationId, device.userId);
    await deleteDevice(tx, device.organizationId, device.id);
    await devices.judge(tx, device.organizationId, { now, onlyUserId: device.userId });
    await recordAuditEvent(tx, {
      action: 'agent_device.removed',
      organizationId: caller.organizationId,
      actor,
      details: { deviceId: device.id, name: device.name, ownerUserId: device.userId },
    });
  });
}

/** Deletes the enrollment codes that expired unused (daily); returns how many. */
export const purgeExpiredEnrollmentCodes = (db: Db, now = new Date()) =>
  deleteExpiredEnrollmentCodes(db, now);

/**
 * Check again now: a person asks one device to check at once (its own member, or an administrator
 * of its organisation; anyone else is told it does not exist). The agent learns it when it next
 * asks (dueOfToken) and reports, which ends the request.
 */
export async function askCheckNow(
  db: Db,
  caller: { organizationId: string; userId: string; isAdmin: boolean },
  deviceId: string,
  now = new Date(),
): Promise<{ requestedAt: string }> {
  const device = await findDevice(db, caller.organizationId, deviceId);
  if (!device || (!caller.isAdmin && device.userId !== caller.userId)) {
    throw new NotFoundError('There is no such device.');
  }
  await markCheckNow(db, device.organizationId, device.id, now);
  return { requestedAt: now.toISOString() };
}

/** Whether a device is asked to check now: asked after its last report, and recently. */
export function isDue(
  device: { checkNowAt: Date | null; lastReportAt: Date | null },
  now: Date,
): boolean {
  const asked = device.checkNowAt?.getTime();
  if (asked === undefined) return false;
  if (device.lastReportAt && device.lastReportAt.getTime() >= asked) return false;
  return now.getTime() - asked < AGENT_CHECK_NOW.dueSeconds * 1000;
}

/** The agent's poll (Bearer device token): is it due now, and how to keep asking. */
export async function dueOfToken(
  db: Db,
  token: string | null,
  now = new Date(),
): Promise<AgentDueResponse> {
  const device = await deviceOfToken(db, token);
  return {
    due: isDue(device, now),
    pollSeconds: AGENT_CHECK_NOW.pollSeconds,
    watchSeconds: AGENT_CHECK_NOW.watchSeconds,
  };
}
