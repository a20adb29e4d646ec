import type { AllowListGroups, AllowListKey } from '@castellan/contract';
import { isConsumerEmailDomain } from '@castellan/contract/vocabulary';

/**
 * The allow-list an administrator edits before saving (spec §4): the changes are kept apart from
 * the approved list the server sent, so a list that changes meanwhile (a file allowed from the
 * shares table) keeps them, and Save sends only what differs from it.
 */
export type AllowListEdits = { added: AllowListKey[]; removed: AllowListKey[] };

export const NO_EDITS: AllowListEdits = { added: [], removed: [] };

const same = (a: AllowListKey) => (b: AllowListKey) => a.type === b.type && a.value === b.value;
const includes = (list: readonly AllowListKey[], key: AllowListKey) => list.some(same(key));
const without = (list: readonly AllowListKey[], key: AllowListKey) =>
  list.filter((entry) => !same(key)(entry));

/** The entries of one side (approved or pending) of the allow-list, users, domains then files. */
export function entriesOf(groups: AllowListGroups): AllowListKey[] {
  return [
    ...groups.users.map((u): AllowListKey => ({ type: 'user', value: u.email })),
    ...groups.domains.map((d): AllowListKey => ({ type: 'domain', value: d.domain })),
    ...groups.files.map((f): AllowListKey => ({ type: 'file', value: f.id })),
  ];
}

/** The list as the administrator sees it: the approved entries with their changes. */
export const draftOf = (approved: readonly AllowListKey[], edits: AllowListEdits) => [
  ...approved.filter((entry) => !includes(edits.removed, entry)),
  ...edits.added.filter((entry) => !includes(approved, entry)),
];

export function addEntry(
  edits: AllowListEdits,
  approved: readonly AllowListKey[],
  key: AllowListKey,
): AllowListEdits {
  if (includes(edits.removed, key)) return { ...edits, removed: without(edits.removed, key) };
  if (includes(approved, key) || includes(edits.added, key)) return edits;
  return { ...edits, added: [...edits.added, key] };
}

export function removeEntry(edits: AllowListEdits, key: AllowListKey): AllowListEdits {
  if (includes(edits.added, key)) return { ...edits, added: without(edits.added, key) };
  if (includes(edits.removed, key)) return edits;
  return { ...edits, removed: [...edits.removed, key] };
}

/** What Save sends: the entries to add and to remove, each only if it still makes a difference. */
export function changesToSave(approved: readonly AllowListKey[], edits: AllowListEdits) {
  return {
    add: edits.added.filter((entry) => !includes(approved, entry)),
    remove: edits.removed.filter((entry) => includes(approved, entry)),
  };
}

/** Whether an entry names a consumer e-mail domain, which can never be saved (spec §5). */
export const isDisallowedEntry = (entry: AllowListKey) =>
  entry.type === 'domain' && isConsumerEmailDomain(entry.value);

/** Whether this entry has been added but not saved yet. */
export const isUnsaved = (edits: AllowListEdits, entry: AllowListKey) =>
  includes(edits.added, entry);

/** Whether an entry is waiting for an administrator's decision. */
export const isPending = (pending: readonly AllowListKey[], entry: AllowListKey) =>
  includes(pending, entry);

/** A pending entry with who asked for it and when, when the server says. */
export type PendingEntry = AllowListKey & {
  requestedBy: string | null;
  requestedAt: string | null;
};

export function pendingEntriesOf(pending: AllowListGroups): PendingEntry[] {
  const asked = (e: { requestedBy?: string | null; requestedAt?: string | null }) => ({
    requestedBy: e.requestedBy ?? null,
    requestedAt: e.requestedAt ?? null,
  });
  return [
    ...pending.users.map((u): PendingEntry => ({ type: 'user', value: u.email, ...asked(u) })),
    ...pending.domains.map((d): PendingEntry => ({ type: 'domain', value: d.domain, ...asked(d) })),
    ...pending.files.map((f): PendingEntry => ({ type: 'file', value: f.id, ...asked(f) })),
  ];
}

/**
 * The pending requests a member sees: their own. An entry without a requester is shown too, as
 * the server sends members only their own requests.
 */
export const ownRequests = (entries: readonly PendingEntry[], email: string) =>
  entries.filter((entry) => entry.requestedBy === null || entry.requestedBy === email);
