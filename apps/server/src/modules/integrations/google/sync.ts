import { listMembersByName } from '../../users/repository';
import type { ProviderAdapter } from '../kit/adapter';
import { storedGrant } from '../kit/tokens';
import { readAppTokens } from './app-tokens';
import { readEdition } from './edition';
import { googleClientConfig } from './google-client-config';
import { GoogleApi, readWorkspace } from './index';
import type { StoredGoogleFacts } from './verdicts';

/** What a person reads when a sync fails, by the kind of failure. */
export const GOOGLE_FAILURES: ProviderAdapter['failures'] = {
  invalid_token:
    'Google no longer accepts Castellan’s access: it was revoked or has expired. Reconnect Google Workspace.',
  permission_missing:
    'Google refused to show the workspace’s users, reports or policies: reconnect with a super administrator and allow every permission asked.',
  rate_limited: 'Google asked us to slow down; the sync will try again shortly.',
  unavailable: 'Google did not answer; the sync will try again shortly.',
  failed: 'Google answered in a way Castellan did not understand; the sync will try again later.',
};

/** Reads the organisation's Google Workspace: the facts pages show and tasks are judged from. */
export const readGoogleWorkspace: ProviderAdapter['read'] = async (
  ctx,
  { row, tokens, organization, saveTokens, now, signal },
) => {
  const google = googleClientConfig(ctx.config);
  if (!google) throw new Error('Google Workspace has no client on this server');
  const api = new GoogleApi(google, storedGrant(tokens, row), {
    onTokens: saveTokens,
    organizationId: organization.id,
  });
  const members = await listMembersByName(ctx.db, organization.id);
  const read = await readWorkspace(api, {
    domain: organization.domain,
    memberEmails: new Set(members.map((m) => m.email.toLowerCase())),
    now,
    signal,
  });
  const apps = await readAppTokens(api, read.directory, signal);
  const plan = await readEdition(api, signal);
  const facts: StoredGoogleFacts = {
    ...read,
    memberMfa: Object.fromEntries(read.memberMfa),
    apps,
    plan,
  };
  return facts;
};
