// Drive audit events of the fake (Reports API, applicationName=drive). The reference confirms
// `change_document_visibility` with `visibility`, `old_visibility`, `visibility_change`, `doc_id`,
// `doc_title` and `owner` (third-party fixtures). Unconfirmed, chosen here:
//  - sharing with one person: `change_user_access` with `target_user` and multiValue
//    `old_value` / `new_value` (`none`, `can_view`, `can_comment`, `can_edit`);
//  - sharing with a whole domain: `change_document_access_scope` with `target_domain` and the
//    same `old_value` / `new_value`;
//  - all three have event type `acl_change`, and `visibility` is the document's visibility
//    after the change, derived from its whole sharing state: `private` therefore means nobody
//    but the owner can open it any more.
import type { FakeActivity, FakeParameter } from './world-types';

export const DRIVE_VISIBILITIES = [
  'private',
  'shared_internally',
  'shared_externally',
  'people_within_domain_with_link',
  'public_in_the_domain',
  'people_with_link',
  'public_on_the_web',
] as const;
export type DriveVisibility = (typeof DRIVE_VISIBILITIES)[number];

/** The link setting of a document ("General access"). */
export type LinkSharing =
  | 'private'
  | 'people_within_domain_with_link'
  | 'public_in_the_domain'
  | 'people_with_link'
  | 'public_on_the_web';

export type DriveAccess = 'none' | 'can_view' | 'can_comment' | 'can_edit';

type DocFields = { time: Date; docId: string; title?: string; owner: string; actor?: string };
export type DriveEventSeed =
  | (DocFields & {
      kind: 'link';
      linkSharing: LinkSharing;
      /** Also takes every person and domain off the file ("made private" in one step). */
      removeEveryone?: boolean;
    })
  | (DocFields & { kind: 'user'; targetUser: string; access: DriveAccess })
  | (DocFields & { kind: 'domain'; targetDomain: string; access: DriveAccess });

type DocState = {
  link: LinkSharing;
  users: Map<string, DriveAccess>;
  domains: Map<string, DriveAccess>;
};

const isInside = (address: string, domain: string) => {
  const host = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
};

function visibilityOf(state: DocState, domain: string): DriveVisibility {
  if (state.link !== 'private') return state.link;
  const people = [...state.users.keys(), ...[...state.domains.keys()].map((d) => `@${d}`)];
  if (people.length === 0) return 'private';
  return people.every((p) => isInside(p, domain)) ? 'shared_internally' : 'shared_externally';
}

const EXTERNAL: ReadonlySet<DriveVisibility> = new Set([
  'shared_externally',
  'people_with_link',
  'public_on_the_web',
]);

const text = (name: string, value: string): FakeParameter => ({ name, value });

/**
 * Turns the seeds into audit activities, replaying each document's sharing in time order so
 * that every event carries the visibility the document had right after it.
 */
export function driveActivities(
  seeds: readonly DriveEventSeed[],
  ctx: { domain: string; customerId: string; profileIdOf: (email: string) => string },
  uniqueQualifier: () => string,
): FakeActivity[] {
  const docs = new Map<string, DocState>();
  const ordered = [...seeds].sort((a, b) => a.time.getTime() - b.time.getTime());
  return ordered.map((seed) => {
    let state = docs.get(seed.docId);
    if (!state) {
      state = { link: 'private', users: new Map(), domains: new Map() };
      docs.set(seed.docId, state);
    }
    const before = visibilityOf(state, ctx.domain);
    let name: string;
    const specific: FakeParameter[] = [];
    switch (seed.kind) {
      case 'link':
        name = 'change_document_visibility';
        state.link = seed.linkSharing;
        if (seed.removeEveryone) {
          state.users.clear();
          state.domains.clear();
        }
        break;
      case 'user': {
        name = 'change_user_access';
        const target = seed.targetUser.toLowerCase();
        const old = state.users.get(target) ?? 'none';
        if (seed.access === 'none') state.users.delete(target);
        else state.users.set(target, seed.access);
        specific.push(
          text('target_user', target),
          { name: 'old_value', multiValue: [old] },
          { name: 'new_value', multiValue: [seed.access] },
        );
        break;
      }
      case 'domain': {
        name = 'change_document_access_scope';
        const target = seed.targetDomain.toLowerCase();
        const old = state.domains.get(target) ?? 'none';
        if (seed.access === 'none') state.domains.delete(target);
        else state.domains.set(target, seed.access);
        specific.push(
          text('target_domain', target),
          { name: 'old_value', multiValue: [old] },
          { name: 'new_value', multiValue: [seed.access] },
        );
        break;
      }
    }
    const after = visibilityOf(state, ctx.domain);
    const actor = (seed.actor ?? seed.owner).toLowerCase();
    return {
      kind: 'admin#reports#activity',
      id: {
        time: seed.time.toISOString(),
        uniqueQualifier: uniqueQualifier(),
        applicationName: 'drive',
        customerId: ctx.customerId,
      },
      etag: `"${uniqueQualifier()}"`,
      actor: { email: actor, profileId: ctx.profileIdOf(actor), callerType: 'USER' },
      ipAddress: '203.0.113.7',
      ownerDomain: ctx.domain,
      events: [
        {
          type: 'acl_change',
          name,
          parameters: [
            { name: 'primary_event', boolValue: true },
            text('doc_id', seed.docId),
            text('doc_type', 'document'),
            text('doc_title', seed.title ?? `Document ${seed.docId.slice(0, 6)}`),
            text('owner', seed.owner.toLowerCase()),
            ...specific,
            text('visibility', after),
            text('old_visibility', before),
            text('visibility_change', EXTERNAL.has(after) ? 'external' : 'internal'),
          ],
        },
      ],
    };
  });
}
