import { z } from 'zod';
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
