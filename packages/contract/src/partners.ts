// Partners: an IT provider's organisation that client organisations link to, so that the
// provider's administrators can look after each client from one console. Constants in
// partner-rules.ts.
import { z } from 'zod';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { PARTNER_LINK_STATES, PARTNER_ROLES } from './partner-rules';

export * from './partner-rules';

/** One link between a client organisation and its partner, as either side sees it. */
export const partnerLink = z.object({
  id: z.uuid(),
  clientDomain: z.string(),
  partnerDomain: z.string(),
  role: z.enum(PARTNER_ROLES),
  state: z.enum(PARTNER_LINK_STATES),
  invitedAt: isoDateTime,
  /** The client administrator who invited the partner; null when their account is gone. */
  invitedBy: z.string().nullable(),
  acceptedAt: isoDateTime.nullable(),
  endedAt: isoDateTime.nullable(),
});
export type PartnerLink = z.infer<typeof partnerLink>;

/** `POST /api/partners` (a client's administrators): invite a partner by its domain. */
export const invitePartnerRequest = z.strictObject({
  domain: z.string().max(300, { message: 'is too long for a domain name' }),
  role: z.enum(PARTNER_ROLES),
});
export type InvitePartnerRequest = z.infer<typeof invitePartnerRequest>;

export const changePartnerRoleRequest = z.strictObject({ role: z.enum(PARTNER_ROLES) });

const linkParams = z.strictObject({ id: z.uuid() });
const linkResponse = z.object({ link: partnerLink });

export const partnerEndpoints = {
  listPartners: endpoint({
    method: 'GET',
    path: '/partners',
    access: 'admin',
    response: { 200: z.object({ links: z.array(partnerLink) }) },
    summary:
      'The partners the organisation invited or links to, and those it ended (administrators)',
  }),
  invitePartner: endpoint({
    method: 'POST',
    path: '/partners',
    access: 'admin',
    body: invitePartnerRequest,
    response: { 201: linkResponse },
    summary:
      'Invite an IT provider’s organisation, by its domain, to look after this one (administrators)',
  }),
  changePartnerRole: endpoint({
    method: 'PUT',
    path: '/partners/:id',
    access: 'admin',
    params: linkParams,
    body: changePartnerRoleRequest,
    response: { 200: linkResponse },
    summary: 'Change what a partner may do here: administer, or only look (administrators)',
  }),
  endPartnerLink: endpoint({
    method: 'DELETE',
    path: '/partners/:id',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary: 'End a partner’s access now, or withdraw an invitation (administrators)',
  }),
  listPartnerClients: endpoint({
    method: 'GET',
    path: '/partner/clients',
    access: 'admin',
    response: { 200: z.object({ links: z.array(partnerLink) }) },
    summary:
      'The organisations this one looks after as their partner, and its invitations (administrators)',
  }),
  acceptPartnerInvitation: endpoint({
    method: 'POST',
    path: '/partner/clients/:id/accept',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary: 'Accept a client’s invitation to be its partner (administrators)',
  }),
  leavePartnerClient: endpoint({
    method: 'DELETE',
    path: '/partner/clients/:id',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary: 'Stop looking after a client, or decline its invitation (administrators)',
  }),
  openPartnerClient: endpoint({
    method: 'POST',
    path: '/partner/clients/:id/open',
    access: 'admin',
    params: linkParams,
    response: { 200: linkResponse },
    summary:
      'Switch this session into a client, with the link’s role (the partner’s administrators)',
  }),
  closePartnerClient: endpoint({
    method: 'POST',
    path: '/partner/close',
    access: 'user',
    response: { 204: z.null() },
    summary: 'Switch this session back from a client to the partner’s own organisation',
  }),
};
