// Partner links, from both sides: a client's administrators invite an IT provider's organisation
// by its domain, choose its role and end the link at any time; the partner's administrators
// accept, decline or stop, and open a client to work in it. Every step is in the client's audit
// log (and the partner's, for the steps its people take).
import { type PartnerLink, type PartnerRole, parsePublicDomain } from '@castellan/contract';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { findOrganizationByDomain } from '../organizations/repository';
import { setSessionPartnerLink } from '../sessions/repository';
import {
  findLink,
  insertLink,
  listClientLinks,
  listPartnerLinks,
  type PartnerLinkRow,
  updateLink,
} from './repository';

/** Who acts, in which of their organisations. */
export type PartnerCaller = { organizationId: string; domain: string; actor: AuditActor };

function toLink(row: PartnerLinkRow): PartnerLink {
  const { link } = row;
  return {
    id: link.id,
    clientDomain: row.clientDomain,
    partnerDomain: row.partnerDomain,
    role: link.role,
    state: link.endedAt ? 'ended' : link.acceptedAt ? 'active' : 'invited',
    invitedAt: link.invitedAt.toISOString(),
    invitedBy: row.invitedBy,
    acceptedAt: link.acceptedAt?.toISOString() ?? null,
    endedAt: link.endedAt?.toISOString() ?? null,
  };
}

export async function clientLinks(db: Db, organizationId: string): Promise<PartnerLink[]> {
  return (await listClientLinks(db, organizationId)).map(toLink);
}

export async function partnerLinksOf(db: Db, organizationId: string): Promise<PartnerLink[]> {
  return (await listPartnerLinks(db, organizationId)).map(toLink);
}

async function linkOf(db: Db, id: string, organizationId: string) {
  const row = await findLink(db, id, organizationId);
  if (!row) throw new NotFoundError('There is no such partner link.');
  return row;
}

/** Records an event in the client's log, and in the partner's when its own person acted. */
async function audit(
  db: Db,
  row: PartnerLinkRow,
  caller: PartnerCaller,
  action: string,
  details: Record<string, unknown> = {},
) {
  const { link } = row;
  const event = {
    action,
    actor: caller.actor,
    details: { client: row.clientDomain, partner: row.partnerDomain, role: link.role, ...details },
  };
  await recordAuditEvent(db, { ...event, organizationId: link.clientOrganizationId });
  if (caller.organizationId === link.partnerOrganizationId) {
    await recordAuditEvent(db, { ...event, organizationId: link.partnerOrganizationId });
  }
}

/** A client's administrator invites the organisation on `domain` to be its partner. */
export async function invitePartner(
  db: Db,
  caller: PartnerCaller,
  input: { domain: string; role: PartnerRole },
): Promise<PartnerLink> {
  // Only looked up among the organisations here, never reached: a demo's `.example` will do.
  const parsed = parsePublicDomain(input.domain, { allowReserved: true, pasted: true });
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  if (parsed.domain === caller.domain) {
    throw new BadRequestError('That is your own organisation. Enter your IT provider’s domain.');
  }
  const partner = await findOrganizationByDomain(db, parsed.domain);
  if (partner?.status !== 'REGISTERED') {
    throw new NotFoundError(
      `No organisation on ${parsed.domain} uses Castellan yet. Ask your IT provider to register with their own domain first.`,
    );
  }
  const id = await insertLink(db, {
    clientOrganizationId: caller.organizationId,
    partnerOrganizationId: partner.id,
    role: input.role,
    invitedById: caller.actor.id,
  });
  if (!id) throw new ConflictError(`${parsed.domain} is already your partner or invited.`);
  const row = await linkOf(db, id, caller.organizationId);
  await audit(db, row, caller, 'partner.invited');
  return toLink(row);
}

/** Only the client's side may change what the partner may do. */
export async function changePartnerRole(
  db: Db,
  caller: PartnerCaller,
  id: string,
  role: PartnerRole,
): Promise<PartnerLink> {
  const row = await linkOf(db, id, caller.organizationId);
  if (row.link.clientOrganizationId !== caller.organizationId || row.link.endedAt) {
    throw new NotFoundError('There is no such partner link.');
  }
  await updateLink(db, id, { role });
  await audit(db, row, caller, 'partner.role_changed', { role, previousRole: row.link.role });
  return toLink(await linkOf(db, id, caller.organizationId));
}

/** Either side ends a link (or withdraws, or declines, an invitation): at once, for every session. */
export async function endPartnerLink(
  db: Db,
  caller: PartnerCaller,
  id: string,
): Promise<PartnerLink> {
  const row = await linkOf(db, id, caller.organizationId);
  if (row.link.endedAt) return toLink(row);
  await updateLink(db, id, { endedAt: new Date(), endedById: caller.actor.id });
  await audit(db, row, caller, 'partner.ended');
  return toLink(await linkOf(db, id, caller.organizationId));
}

/** The partner's administrator accepts a client's invitation. */
export async function acceptInvitation(
  db: Db,
  caller: PartnerCaller,
  id: string,
): Promise<PartnerLink> {
  const row = await linkOf(db, id, caller.organizationId);
  if (row.link.partnerOrganizationId !== caller.organizationId || row.link.endedAt) {
    throw new NotFoundError('There is no such invitation.');
  }
  if (!row.link.acceptedAt) {
    await updateLink(db, id, { acceptedAt: new Date(), acceptedById: caller.actor.id });
    await audit(db, row, caller, 'partner.accepted');
  }
  return toLink(await linkOf(db, id, caller.organizationId));
}

/**
 * Puts the session (by its token's hash) in a client through a live link of the caller's own
 * organisation; 404 for anything else.
 */
export async function openClient(
  db: Db,
  caller: PartnerCaller,
  sessionTokenHash: string,
  id: string,
): Promise<PartnerLink> {
  const link = await openableLink(db, caller, id);
  await setSessionPartnerLink(db, sessionTokenHash, link.id);
  return link;
}

/** Puts the session back in its own organisation (nothing to do when it is there). */
export const closeClient = (db: Db, sessionTokenHash: string) =>
  setSessionPartnerLink(db, sessionTokenHash, null);

async function openableLink(db: Db, caller: PartnerCaller, id: string) {
  const row = await findLink(db, id, caller.organizationId);
  if (
    !row ||
    row.link.partnerOrganizationId !== caller.organizationId ||
    row.link.endedAt ||
    !row.link.acceptedAt
  ) {
    throw new NotFoundError('There is no such client.');
  }
  await audit(db, row, caller, 'partner.opened');
  return toLink(row);
}
