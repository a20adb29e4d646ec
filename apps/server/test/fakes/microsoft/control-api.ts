// The fake's test controls over HTTP, for browser tests that run it in another process:
//   GET    /__fake/tenant[?sample=n]  id, domain, switches, user count, admins (+ n e-mails)
//   GET    /__fake/requests           the request log; DELETE clears it
//   POST   /__fake/premium            {premium}: Entra ID P1 on or off
//   POST   /__fake/expire-tokens      every access and refresh token issued so far stops working
//   POST   /__fake/revoke-scope       {scope}: Graph calls needing it answer 403
//   POST   /__fake/fail-next          {path, status, times?, after?, retryAfterSeconds?}
//   POST   /__fake/latency            {ms}: added to every answer
//   POST   /__fake/grants             {email, scopes?}: a grant without the browser
//   POST   /__fake/reset              [{TenantOptions}]: a new tenant (dates as ISO strings)
import { json } from '../kit/answers';
import {
  type ControlRoute,
  commonControls,
  controlRouter,
  failNextControl,
  invalid,
  isRecord,
  ok,
} from '../kit/control-api';
import type { FakeMicrosoft } from './fake-microsoft';
import type { TenantOptions } from './tenant';

type Controls = Omit<FakeMicrosoft, 'url' | 'close'>;

const dateOf = (v: unknown) => (typeof v === 'string' ? new Date(v) : v);

/** TenantOptions from JSON: the ISO strings of its dates made Dates again. */
function tenantOptionsOf(b: Record<string, unknown>): TenantOptions {
  const users = Array.isArray(b.users) ? b.users.filter(isRecord) : undefined;
  const failures = Array.isArray(b.signInFailures) ? b.signInFailures.filter(isRecord) : undefined;
  return {
    ...(b as TenantOptions),
    ...(b.now === undefined ? {} : { now: dateOf(b.now) as Date }),
    ...(users
      ? {
          users: users.map((u) => ({
            ...u,
            ...(u.lastSignIn === undefined ? {} : { lastSignIn: dateOf(u.lastSignIn) }),
            ...(u.created === undefined ? {} : { created: dateOf(u.created) }),
          })) as TenantOptions['users'],
        }
      : {}),
    ...(failures
      ? {
          signInFailures: failures.map((f) => ({
            ...f,
            time: dateOf(f.time),
          })) as TenantOptions['signInFailures'],
        }
      : {}),
  };
}

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/tenant': (_, query) => {
      const t = fake.tenant();
      const sample = Number(query.get('sample') ?? 0);
      const emailOf = (u: { mail: string | null; userPrincipalName: string }) =>
        u.mail ?? u.userPrincipalName;
      return json(200, {
        id: t.id,
        domain: t.domain,
        premium: t.premium,
        securityDefaults: t.securityDefaults,
        conditionalAccessMfa: t.conditionalAccessMfa,
        userCount: t.users.length,
        admins: t.users.filter((u) => u.isAdmin).map(emailOf),
        ...(sample > 0 ? { sampleEmails: t.users.slice(0, sample).map(emailOf) } : {}),
      });
    },
    'POST /__fake/premium': (b) => {
      if (typeof b.premium !== 'boolean') return invalid('premium must be true or false');
      fake.setPremium(b.premium);
      return ok();
    },
    'POST /__fake/expire-tokens': () => {
      fake.expireTokens();
      return ok();
    },
    'POST /__fake/revoke-scope': (b) => {
      if (typeof b.scope !== 'string' || b.scope === '') return invalid('scope is required');
      fake.revokeScope(b.scope);
      return ok();
    },
    'POST /__fake/fail-next': failNextControl('status', fake.failNext),
    'POST /__fake/grants': (b) => {
      if (typeof b.email !== 'string') return invalid('email is required');
      const scopes = Array.isArray(b.scopes) ? b.scopes.map(String) : undefined;
      try {
        return json(200, fake.issueGrant({ email: b.email, ...(scopes ? { scopes } : {}) }));
      } catch (err) {
        return invalid(err instanceof Error ? err.message : String(err));
      }
    },
    'POST /__fake/reset': (b) => {
      if (Object.keys(b).length === 0) {
        fake.reset();
        return ok();
      }
      if (typeof b.domain !== 'string') return invalid('domain is required');
      try {
        fake.reset(tenantOptionsOf(b));
      } catch (err) {
        return invalid(err instanceof Error ? err.message : String(err));
      }
      return ok();
    },
  };

  return controlRouter({ ...commonControls(fake), ...routes });
}
