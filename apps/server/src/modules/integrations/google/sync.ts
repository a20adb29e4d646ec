import { listMembersByName } from '../../users/repository';
import { type ProviderSync, runSync, type SyncContext } from '../kit/sync-runner';
import { googleClientConfig } from '../provider-grants';
import { judgeSuites } from '../suites';
import { GoogleApi, GoogleApiError, readWorkspace } from './index';
import type { StoredGoogleFacts } from './verdicts';

/** What a person reads when a sync fails, by the kind of failure. */
const FAILURE: ProviderSync['failures'] = {
  invalid_token:
    'Google no longer accepts Castellan’s access: it was revoked or has expired. Reconnect Google Workspace.',
  permission_missing:
    'Google refused to show the workspace’s users, reports or policies: reconnect with a super administrator and allow every permission asked.',
  rate_limited: 'Google asked us to slow down; the sync will try again shortly.',
  unavailable: 'Google did not answer; the sync will try again shortly.',
  failed: 'Google answered in a way Castellan did not understand; the sync will try again later.',
};

/**
 * Reads the organisation's Google Workspace and takes in what it says: the facts pages show,
 * then the task verdicts and the stopped attacks (judged with Microsoft 365's, see suites.ts).
 */
export async function syncGoogleWorkspace(
  ctx: SyncContext,
  organizationId: string,
  signal: AbortSignal,
): Promise<void> {
  const google = googleClientConfig(ctx.config);
  if (!google) return;
  await runSync(
    ctx,
    organizationId,
    'gws',
    {
      name: 'Google Workspace',
      failures: FAILURE,
      kindOf: (err) => (err instanceof GoogleApiError ? err.kind : null),
      judge: judgeSuites,
      read: async ({ row, tokens, organization, saveTokens, now, signal }) => {
        const api = new GoogleApi(
          google,
          {
            accessToken: tokens.accessToken ?? '',
            refreshToken: tokens.refreshToken,
            expiresAt: tokens.expiresAt ?? new Date(0),
            scopes: row.scopes,
          },
          { onTokens: saveTokens, organizationId },
        );
        const members = await listMembersByName(ctx.db, organizationId);
        const read = await readWorkspace(api, {
          domain: organization.domain,
          memberEmails: new Set(members.map((m) => m.email.toLowerCase())),
          now,
          signal,
        });
        const facts: StoredGoogleFacts = { ...read, memberMfa: Object.fromEntries(read.memberMfa) };
        return facts;
      },
    },
    signal,
  );
}
