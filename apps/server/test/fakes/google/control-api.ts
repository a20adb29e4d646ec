// The fake's test controls over HTTP, for browser tests that run it in another process:
//   GET  /__fake/world[?sample=n]      domain, customer id, user count, active admins (+ n e-mails)
//   POST /__fake/world                 {WorkspaceOptions}: a new world (times as ISO strings)
//   POST /__fake/users                 {UserSeed}: adds or replaces one user
//   POST /__fake/grants                {email, scopes?, offline?}: a grant without the browser
//   POST /__fake/revoke-all            every grant revoked
//   POST /__fake/latency               {ms}: added to every answer
//   POST /__fake/fail-next             {path, status, times?, after?, retryAfterSeconds?}
//   POST /__fake/policy-gap            {ms}: policies.list answers 429 to pages sooner than this
//   POST /__fake/token-lifetime        {seconds | null}: lifetime of access tokens issued next
//   POST /__fake/expire-access-tokens  every access token issued so far expires now
//   GET  /__fake/requests              the request log; DELETE clears it
import { json } from '../kit/answers';
import {
  type ControlRoute,
  commonControls,
  controlRouter,
  failNextControl,
  invalid,
  num,
  ok,
} from '../kit/control-api';
import type { FakeGoogle } from './fake-google';
import type { UserSeed, WorkspaceOptions } from './world';

type Controls = Omit<FakeGoogle, 'url' | 'close'>;

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/world': (_, query) => {
      const w = fake.world();
      const sample = Number(query.get('sample') ?? 0);
      return json(200, {
        domain: w.domain,
        customerId: w.customerId,
        userCount: w.users.length,
        admins: w.users
          .filter((u) => u.isAdmin && !u.suspended && !u.archived)
          .map((u) => u.primaryEmail),
        ...(sample > 0
          ? { sampleEmails: w.users.slice(0, sample).map((u) => u.primaryEmail) }
          : {}),
      });
    },
    'POST /__fake/world': (b) => {
      if (typeof b.domain !== 'string') return invalid('domain is required');
      fake.setWorld(b as WorkspaceOptions);
      return ok();
    },
    'POST /__fake/users': (b) => {
      if (typeof b.email !== 'string') return invalid('email is required');
      return json(200, fake.upsertUser(b as UserSeed));
    },
    'POST /__fake/grants': (b) => {
      if (typeof b.email !== 'string') return invalid('email is required');
      const scopes = Array.isArray(b.scopes) ? b.scopes.map(String) : undefined;
      return json(
        200,
        fake.issueGrant({
          email: b.email,
          ...(scopes ? { scopes } : {}),
          ...(typeof b.offline === 'boolean' ? { offline: b.offline } : {}),
        }),
      );
    },
    'POST /__fake/revoke-all': () => {
      fake.revokeAll();
      return ok();
    },
    'POST /__fake/fail-next': failNextControl('status', fake.failNext),
    'POST /__fake/policy-gap': (b) => {
      const ms = num(b.ms);
      if (ms === null) return invalid('ms must be a number ≥ 0');
      fake.setPolicyMinGapMs(ms);
      return ok();
    },
    'POST /__fake/token-lifetime': (b) => {
      const seconds = b.seconds === null ? null : num(b.seconds);
      if (seconds === null && b.seconds !== null)
        return invalid('seconds must be a number or null');
      fake.setAccessTokenLifetime(seconds);
      return ok();
    },
    'POST /__fake/expire-access-tokens': () => {
      fake.expireAccessTokens();
      return ok();
    },
  };

  return controlRouter({ ...commonControls(fake), ...routes });
}
