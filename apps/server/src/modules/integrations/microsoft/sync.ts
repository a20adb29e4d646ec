import { listMembersByName } from '../../users/repository';
import type { ProviderAdapter } from '../kit/adapter';
import { runTogether } from '../kit/run-together';
import { storedGrant } from '../kit/tokens';
import { readAppGrants } from './app-grants';
import { microsoftClientConfig } from './client-config';
import { GraphApi, readTenant } from './index';
import type { StoredM365Facts } from './verdicts';

export const MICROSOFT_FAILURES: ProviderAdapter['failures'] = {
  invalid_token:
    'Microsoft no longer accepts Castellan’s access: it was revoked or has expired. Reconnect Microsoft 365.',
  permission_missing:
    'Microsoft refused to show the tenant’s users, reports or policies: reconnect with a Global Administrator and consent for the organisation.',
  rate_limited: 'Microsoft asked us to slow down; the sync will try again shortly.',
  unavailable: 'Microsoft did not answer; the sync will try again shortly.',
  failed:
    'Microsoft answered in a way Castellan did not understand; the sync will try again later.',
};

/**
 * Reads the organisation's Microsoft 365 tenant (Graph). Reads a tenant without Entra ID P1
 * allows are left out and shown as such, not failed.
 */
export const readMicrosoft365: ProviderAdapter['read'] = async (
  ctx,
  { row, tokens, organization, saveTokens, now, signal },
) => {
  const microsoft = microsoftClientConfig(ctx.config);
  if (!microsoft) throw new Error('Microsoft 365 has no client on this server');
  const api = new GraphApi(microsoft, row.accountId ?? 'organizations', storedGrant(tokens, row), {
    onTokens: saveTokens,
    organizationId: organization.id,
  });
  const members = await listMembersByName(ctx.db, organization.id);
  const memberEmails = new Set(members.map((m) => m.email.toLowerCase()));
  const tenantId = row.accountId;
  // The grants need only the tenant's id, which the grant names since it was made: both at once.
  const [tenant, apps] = tenantId
    ? await runTogether(signal, [
        (s) => readTenant(api, { memberEmails, now, signal: s }),
        (s) => readAppGrants(api, tenantId, s),
      ] as const)
    : await readTenant(api, { memberEmails, now, signal }).then(
        async (t) => [t, await readAppGrants(api, t.tenantId, signal)] as const,
      );
  const facts: StoredM365Facts = { ...tenant, apps };
  return facts;
};
