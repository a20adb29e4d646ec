import { isConsumerEmailDomain, type Member, type Role } from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { deleteOrganization, lockOrganization } from '../organizations/repository';
import {
  countMembers,
  deleteMember,
  findMember,
  forgetRemoval,
  insertMember,
  listMembers,
  type MemberRow,
  recordRemoval,
  setMemberRole,
  updateName,
} from './repository';

export const LAST_ADMIN_MESSAGE =
  'An organisation needs at least one administrator. Make someone else an administrator first.';
const NO_SUCH_MEMBER = 'There is no such member in your organisation.';

const byName = new Intl.Collator('en', { sensitivity: 'base' });
const displayName = (m: MemberRow) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** A member as the API shows them; when their invitation was sent is added by the routes. */
export function toMember(row: MemberRow): Member {
  return {
    ...row,
    status: row.lastSignInAt ? 'active' : 'invited',
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    invitedAt: null,
  };
}

/** Everyone of the organisation by name (invited people, who have none yet, by e-mail). */
export async function membersOf(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await listMembers(db, organizationId);
  return rows
    .sort(
      (a, b) => byName.compare(displayName(a), displayName(b)) || a.email.localeCompare(b.email),
    )
    .map((row) => toMember(row));
}

const audit = (
  db: Db,
  organizationId: string,
  actor: AuditActor,
  action: string,
  subject: MemberRow,
  details: Record<string, unknown>,
) => recordAuditEvent(db, { action, organizationId, actor, subject, details });

/** Adds someone of the organisation's own domain; they become that user at their first sign-in. */
export async function inviteMember(
  db: Db,
  actor: AuditActor,
  organization: { id: string; domain: string },
  input: { email: string; role: Role },
): Promise<Member> {
  const domain = input.email.slice(input.email.lastIndexOf('@') + 1);
  if (isConsumerEmailDomain(domain)) {
    throw new BadRequestError(
      `${domain} is a personal mail service. Invitations go to addresses at ${organization.domain}.`,
    );
  }
  if (domain !== organization.domain.toLowerCase()) {
    throw new BadRequestError(`You can only invite addresses at ${organization.domain}.`);
  }
  return db.transaction(async (tx) => {
    const row = await insertMember(tx, { organizationId: organization.id, ...input });
    if (!row) throw new ConflictError(`${input.email} already has an account.`);
    await forgetRemoval(tx, organization.id, row.email);
    await audit(tx, organization.id, actor, 'member.invited', row, { role: row.role });
    return toMember(row);
  });
}

/**
 * Runs `change` on a member with the organisation's membership locked, so that the last-admin
 * check and the change cannot interleave with another request's.
 */
async function withMember<T>(
  db: Db,
  organizationId: string,
  userId: string,
  change: (tx: Db, member: MemberRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = await findMember(tx, organizationId, userId);
    if (!member) throw new NotFoundError(NO_SUCH_MEMBER);
    return change(tx, member);
  });
}

async function refuseLastAdmin(db: Db, organizationId: string, member: MemberRow) {
  if (member.role !== 'admin') return;
  const { admins } = await countMembers(db, organizationId);
  if (admins <= 1) throw new ConflictError(LAST_ADMIN_MESSAGE);
}

export async function changeRole(
  db: Db,
  actor: AuditActor,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<Member> {
  return withMember(db, organizationId, userId, async (tx, member) => {
    if (member.role === role) return toMember(member);
    await refuseLastAdmin(tx, organizationId, member);
    const updated = await setMemberRole(tx, organizationId, userId, role);
    if (!updated) throw new NotFoundError(NO_SUCH_MEMBER);
    await audit(tx, organizationId, actor, 'member.role_changed', updated, {
      from: member.role,
      to: role,
    });
    return toMember(updated);
  });
}

/** Removes a member; deleting the user ends all their sessions. */
export async function removeMember(
  db: Db,
  actor: AuditActor,
  organizationId: string,
  userId: string,
): Promise<void> {
  await withMember(db, organizationId, userId, async (tx, member) => {
    await refuseLastAdmin(tx, organizationId, member);
    await deleteMember(tx, organizationId, userId);
    await recordRemoval(tx, organizationId, member.email);
    await audit(tx, organizationId, actor, 'member.removed', member, { role: member.role });
  });
}

/**
 * Deletes the user's own account with their sessions. The last member takes the organisation
 * with them; the last admin may not leave members without an administrator.
 */
export async function deleteOwnAccount(
  db: Db,
  actor: AuditActor,
  organizationId: string,
  details: Record<string, unknown>,
): Promise<{ organizationDeleted: boolean }> {
  return withMember(db, organizationId, actor.id, async (tx, member) => {
    const { members, admins } = await countMembers(tx, organizationId);
    const organizationDeleted = members <= 1;
    if (organizationDeleted) {
      await deleteOrganization(tx, organizationId);
    } else {
      if (member.role === 'admin' && admins <= 1) throw new ConflictError(LAST_ADMIN_MESSAGE);
      await deleteMember(tx, organizationId, actor.id);
    }
    await audit(tx, organizationId, actor, 'account.deleted', member, {
      ...details,
      role: member.role,
      organizationDeleted,
    });
    return { organizationDeleted };
  });
}

/** The signed-in user changes their own name; 401 when their account is gone meanwhile. */
export async function renameUser(
  db: Db,
  userId: string,
  name: { firstName: string; lastName: string },
) {
  const updated = await updateName(db, userId, name);
  if (!updated) throw new UnauthorizedError();
  return updated;
}
