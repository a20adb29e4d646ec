import { z } from 'zod';
import type { Db } from '../../../db/client';
import { findOrganization } from '../../organizations/repository';
import type { GraphApi } from './index';

const organizationAnswer = z.object({
  value: z
    .array(
      z.object({
        id: z.string(),
        verifiedDomains: z.array(z.object({ name: z.string() })).default([]),
      }),
    )
    .min(1),
});

/**
 * Which tenant a grant belongs to and the domains it has verified, read from Graph rather than
 * taken from the callback's address (which anyone can write).
 */
export async function readTenantIdentity(
  api: GraphApi,
  signal?: AbortSignal,
): Promise<{ tenantId: string; verifiedDomains: string[] }> {
  const answer = organizationAnswer.parse(await api.get('/v1.0/organization', {}, signal));
  const [organization] = answer.value;
  return {
    tenantId: organization?.id ?? '',
    verifiedDomains: (organization?.verifiedDomains ?? []).map((d) => d.name.toLowerCase()),
  };
}

/** The organisation's own tenant once a Microsoft sign-in revealed it; null: any work account. */
export async function organizationTenant(db: Db, organizationId: string): Promise<string | null> {
  return (await findOrganization(db, organizationId))?.microsoftTenantId ?? null;
}
