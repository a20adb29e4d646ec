import { listMembersByName } from '../../users/repository';
import { type ProviderSync, runSync, type SyncContext } from '../kit/sync-runner';
import { microsoftClientConfig } from '../provider-grants';
import { judgeSuites } from '../suites';
import { GraphApi, MicrosoftApiError, readTenant } from './index';
import type { StoredM365Facts } from './verdicts';

const FAILURE: ProviderSync['failures'] = {
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
 * Reads the organisation's Microsoft 365 tenant (Graph) and takes in what it says; the verdicts
 * are judged together with Google Workspace's (suites.ts). Reads a tenant without Entra ID P1
 * allows are left out and shown as such, not failed.
 */
export async function syncMicrosoft365(
  ctx: SyncContext,
  organizationId: string,
  signal: AbortSignal,
): Promise<void> {
  const microsoft = microsoftClientConfig(ctx.config);
  if (!microsoft) return;
  await runSync(
    ctx,
    organizationId,
    'm365',
    {
      name: 'Microsoft 365',
      failures: FAILURE,
      kindOf: (err) =>
        err instanceof MicrosoftApiError
          ? err.kind === 'license_missing'
            ? 'failed'
            : err.kind
          : null,
      judge: judgeSuites,
      read: async ({ row, tokens, saveTokens, now, signal }) => {
        const api = new GraphApi(
          microsoft,
          row.accountId ?? 'organizations',
          {
            accessToken: tokens.accessToken ?? '',
            refreshToken: tokens.refreshToken,
            expiresAt: tokens.expiresAt ?? new Date(0),
            scopes: row.scopes,
          },
          { onTokens: saveTokens, organizationId },
        );
        const members = await listMembersByName(ctx.db, organizationId);
        const facts: StoredM365Facts = await readTenant(api, {
          memberEmails: new Set(members.map((m) => m.email.toLowerCase())),
          now,
          signal,
        });
        return facts;
      },
    },
    signal,
  );
}
