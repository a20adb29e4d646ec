import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  notificationSettingsResponse,
  updateOrganizationMailRequest,
  updateOwnMailRequest,
} from './mail';
import { TRUSTED_DOMAINS_LIMIT } from './trusted-domain';

/** `GET`/`PUT /api/settings/trusted-domains`: the organisation's trusted domains, sorted. */
export const trustedDomainsResponse = z.object({
  trustedDomains: z.array(z.string()),
  /** Whether the caller may change them (administrators). */
  editable: z.boolean(),
});
export type TrustedDomainsResponse = z.infer<typeof trustedDomainsResponse>;

/** The whole list as it should be; each entry is checked by the server (trusted-domain.ts). */
export const updateTrustedDomainsRequest = z.strictObject({
  trustedDomains: z
    .array(z.string().max(300, 'A domain name is at most 253 characters long.'))
    .max(TRUSTED_DOMAINS_LIMIT, `Keep at most ${TRUSTED_DOMAINS_LIMIT} trusted domains.`),
});
export type UpdateTrustedDomainsRequest = z.input<typeof updateTrustedDomainsRequest>;

export const settingsEndpoints = {
  getTrustedDomains: endpoint({
    method: 'GET',
    path: '/settings/trusted-domains',
    access: 'user',
    response: { 200: trustedDomainsResponse },
    summary: 'The domains the organisation counts as internal besides its own',
  }),
  updateTrustedDomains: endpoint({
    method: 'PUT',
    path: '/settings/trusted-domains',
    access: 'admin',
    body: updateTrustedDomainsRequest,
    response: { 200: trustedDomainsResponse },
    summary: 'Replace the trusted domains',
  }),
  getNotificationSettings: endpoint({
    method: 'GET',
    path: '/settings/notifications',
    access: 'user',
    response: { 200: notificationSettingsResponse },
    summary: 'Which e-mail the organisation sends, and which the signed-in member receives',
  }),
  updateOrganizationMail: endpoint({
    method: 'PUT',
    path: '/settings/notifications/organization',
    access: 'admin',
    body: updateOrganizationMailRequest,
    response: { 200: notificationSettingsResponse },
    summary: 'Switch each kind of e-mail on or off for the organisation',
  }),
  updateOwnMail: endpoint({
    method: 'PUT',
    path: '/settings/notifications/own',
    access: 'user',
    body: updateOwnMailRequest,
    response: { 200: notificationSettingsResponse },
    summary: 'Opt out of (or back into) the reminders and, for administrators, the digest',
  }),
};
