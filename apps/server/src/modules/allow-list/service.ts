import type { AllowListGroups, AllowListKey, AllowListResponse } from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuditActor, Person } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { lockOrganization } from '../organizations/repository';
import { trustedDomainsOf } from '../trusted-domains/service';
import type { ApprovedEntries } from './matches';
import {
  approvePending,
  countEntries,
  countPendingRequestedBy,
  deleteEntries,
  deletePending,
  type EntryRow,
  findEntries,
  findPending,
  insertEntries,
  listApproved,
  listEntries,
  type NewEntry,
} from './repository';

/** Most entries one organisation's list holds: far beyond real use, and bounds what one sync reads. */
export const ALLOW_LIST_LIMIT = 2000;

const count = (n: number) => n.toLocaleString('en');

export const fullListMessage = (has: number, adding: number) =>
  `The allow-list is full: it holds at most ${count(ALLOW_LIST_LIMIT)} entries ` +
  `(it has ${count(has)}, and this would add ${count(adding)}).`;

/**
 * Most requests one person may have waiting: enough for a real backlog, while one member alone
 * cannot fill the list with requests.
 */
export const PENDING_REQUESTS_LIMIT = 20;

export const tooManyRequestsMessage = () =>
  `You have ${PENDING_REQUESTS_LIMIT} requests waiting for an administrator, the most one person ` +
  'may have: ask again once an administrator has approved or denied some of them.';

export const notPendingMessage = (key: AllowListKey) =>
  `There is no pending request to allow the ${key.type} ${key.value}.`;

export const trustedDomainEntryMessage = (domain: string) =>
  `${domain} is a trusted domain: sharing with it already counts as internal.`;

const keyOf = (entry: AllowListKey) => `${entry.type} ${entry.value}`;

function toResponse(rows: EntryRow[]): AllowListResponse {
  const groups = (): AllowListGroups => ({ users: [], domains: [], files: [] });
  const list = { approved: groups(), pending: groups() };
  for (const row of rows) {
    const asked =
      row.status === 'pending'
        ? { requestedBy: row.requestedBy, requestedAt: row.requestedAt?.toISOString() ?? null }
        : {};
    const group = list[row.status];
    switch (row.type) {
      case 'user':
        group.users.push({ email: row.value, ...asked });
        break;
      case 'domain':
        group.domains.push({ domain: row.value, ...asked });
        break;
      case 'file':
        group.files.push({ id: row.value, ...asked });
        break;
    }
  }
  return list;
}

export async function allowListOf(db: Db, organizationId: string): Promise<AllowListResponse> {
  return toResponse(await listEntries(db, organizationId));
}

/** The approved entries as sets, for the sync to tell which external shares are allowed. */
export async function approvedEntries(db: Db, organizationId: string): Promise<ApprovedEntries> {
  const users = new Set<string>();
  const domains = new Set<string>();
  const files = new Set<string>();
  for (const { type, value } of await listApproved(db, organizationId)) {
    ({ user: users, domain: domains, file: files })[type].add(value);
  }
  return { users, domains, files };
}

/** Who acts, and on which organisation's list. */
type Caller = {
  actor: AuditActor;
  organizationId: string;
};

const audit = (
  db: Db,
  { actor, organizationId }: Caller,
  action: string,
  details: Record<string, unknown>,
  subject: Person | null = null,
) => recordAuditEvent(db, { action, organizationId, actor, subject, details });

/** Makes the change under the organisation's lock, then answers the whole new list. */
async function changeList(
  db: Db,
  organizationId: string,
  change: (tx: Db) => Promise<void>,
): Promise<AllowListResponse> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    await change(tx);
    return allowListOf(tx, organizationId);
  });
}

/** An entry for a trusted domain, or a person at one, would allow what is not external at all. */
async function refuseTrustedDomains(
  db: Db,
  organizationId: string,
  entries: readonly AllowListKey[],
): Promise<void> {
  const trusted = new Set(await trustedDomainsOf(db, organizationId));
  for (const { type, value } of entries) {
    const domain =
      type === 'domain' ? value : type === 'user' ? value.slice(value.lastIndexOf('@') + 1) : null;
    if (domain !== null && trusted.has(domain)) {
      throw new BadRequestError(trustedDomainEntryMessage(domain));
    }
  }
}

async function refuseOverLimit(db: Db, organizationId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const has = await countEntries(db, organizationId);
  if (has + adding > ALLOW_LIST_LIMIT) throw new BadRequestError(fullListMessage(has, adding));
}

/**
 * Adds entries as asked; an entry present already takes the status asked, except that an
 * approved one stays approved (approved also wins between duplicates of one request).
 */
export async function addEntries(
  db: Db,
  caller: Caller,
  entries: readonly NewEntry[],
): Promise<AllowListResponse> {
  const asked = new Map<string, NewEntry>();
  for (const entry of entries) {
    const before = asked.get(keyOf(entry));
    if (before?.status !== 'approved') asked.set(keyOf(entry), entry);
  }
  const { organizationId, actor } = caller;
  return changeList(db, organizationId, async (tx) => {
    const present = new Map(
      (await findEntries(tx, organizationId, [...asked.values()])).map((e) => [keyOf(e), e]),
    );
    const fresh = [...asked.values()].filter((e) => !present.has(keyOf(e)));
    const toApprove = [...asked.values()].filter(
      (e) => e.status === 'approved' && present.get(keyOf(e))?.status === 'pending',
    );
    await refuseTrustedDomains(tx, organizationId, fresh);
    await refuseOverLimit(tx, organizationId, fresh.length);
    const added = await insertEntries(tx, organizationId, actor.id, fresh);
    const approved = await approvePending(tx, organizationId, actor.id, toApprove);
    if (added.length + approved.length === 0) return;
    await audit(tx, caller, 'allow_list.added', { added, approved });
  });
}

/** Removes entries, approved or pending; those absent are no error. */
export async function removeEntries(
  db: Db,
  caller: Caller,
  keys: readonly AllowListKey[],
): Promise<AllowListResponse> {
  return changeList(db, caller.organizationId, async (tx) => {
    const removed = await deleteEntries(tx, caller.organizationId, keys);
    if (removed.length > 0) await audit(tx, caller, 'allow_list.removed', { removed });
  });
}

/** A member asks for an entry; one already on the list (approved or pending) stays as it is. */
export async function requestEntry(
  db: Db,
  caller: Caller,
  key: AllowListKey,
): Promise<AllowListResponse> {
  const { organizationId, actor } = caller;
  return changeList(db, organizationId, async (tx) => {
    if ((await findEntries(tx, organizationId, [key])).length > 0) return;
    await refuseTrustedDomains(tx, organizationId, [key]);
    if ((await countPendingRequestedBy(tx, organizationId, actor.id)) >= PENDING_REQUESTS_LIMIT) {
      throw new BadRequestError(tooManyRequestsMessage());
    }
    await refuseOverLimit(tx, organizationId, 1);
    const entry: NewEntry = { ...key, status: 'pending' };
    const [added] = await insertEntries(tx, organizationId, actor.id, [entry]);
    if (added) await audit(tx, caller, 'allow_list.requested', key);
  });
}

export async function approveEntry(
  db: Db,
  caller: Caller,
  key: AllowListKey,
): Promise<AllowListResponse> {
  const { organizationId, actor } = caller;
  return changeList(db, organizationId, async (tx) => {
    const pending = await findPending(tx, organizationId, key);
    const [approved] = pending ? await approvePending(tx, organizationId, actor.id, [key]) : [];
    if (!pending || !approved) throw new NotFoundError(notPendingMessage(key));
    await audit(tx, caller, 'allow_list.approved', key, pending.requester);
  });
}

/** Refuses a request: the pending entry goes, and the audit log keeps who denied it. */
export async function denyEntry(
  db: Db,
  caller: Caller,
  key: AllowListKey,
): Promise<AllowListResponse> {
  const { organizationId } = caller;
  return changeList(db, organizationId, async (tx) => {
    const pending = await findPending(tx, organizationId, key);
    if (!pending || !(await deletePending(tx, organizationId, key))) {
      throw new NotFoundError(notPendingMessage(key));
    }
    await audit(tx, caller, 'allow_list.denied', key, pending.requester);
  });
}
