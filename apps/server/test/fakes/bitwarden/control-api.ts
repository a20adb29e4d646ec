// The fake's test controls over HTTP, for tests that run it in another process:
//   GET    /__fake/organization   the organisation as it is now (members, policies, key)
//   GET    /__fake/requests       the request log; DELETE clears it
//   POST   /__fake/members        {email, name?, status?, type?, twoFactorEnabled?}: add or replace
//   DELETE /__fake/members        {email}
//   POST   /__fake/policies       {type, enabled, data?}
//   POST   /__fake/api-access     {enabled}: off refuses every token (invalid_client)
//   POST   /__fake/rotate-secret  {secret}
//   POST   /__fake/expire-tokens  every token issued so far expires now
//   POST   /__fake/rate-limit     {limit, windowMs} or {off: true}
//   POST   /__fake/fail-next      {path, status, times?, after?, retryAfterSeconds?}
//   POST   /__fake/latency        {ms}
//   POST   /__fake/reset          back to the start
import { json } from '../kit/answers';
import {
  type ControlRoute,
  commonControls,
  controlRouter,
  failNextControl,
  invalid,
  isRecord,
  num,
  ok,
} from '../kit/control-api';
import type { FakeBitwarden } from './fake-bitwarden';
import type { MemberSeed } from './world';

type Controls = Omit<FakeBitwarden, 'url' | 'close' | 'key'>;

const statusOrType = (v: unknown) =>
  typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)) ? v : undefined;

function memberSeedOf(b: Record<string, unknown>): MemberSeed | null {
  if (typeof b.email !== 'string' || !b.email.includes('@')) return null;
  const status = statusOrType(b.status);
  const type = statusOrType(b.type);
  return {
    email: b.email,
    ...(typeof b.name === 'string' || b.name === null ? { name: b.name } : {}),
    ...(status === undefined ? {} : { status: status as MemberSeed['status'] }),
    ...(type === undefined ? {} : { type: type as MemberSeed['type'] }),
    ...(typeof b.twoFactorEnabled === 'boolean' ? { twoFactorEnabled: b.twoFactorEnabled } : {}),
  };
}

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/organization': () => json(200, { organization: fake.organization() }),
    'POST /__fake/members': (b) => {
      const seed = memberSeedOf(b);
      if (!seed) return invalid('email is required');
      return json(200, { member: fake.upsertMember(seed) });
    },
    'DELETE /__fake/members': (b) => {
      if (typeof b.email !== 'string') return invalid('email is required');
      return fake.removeMember(b.email) ? ok() : json(404, { error: 'no such member' });
    },
    'POST /__fake/policies': (b) => {
      const type = num(b.type);
      if (type === null || !Number.isInteger(type) || typeof b.enabled !== 'boolean') {
        return invalid('type (a PolicyType number) and enabled are required');
      }
      if (b.data !== undefined && b.data !== null && !isRecord(b.data)) {
        return invalid('data must be an object or null');
      }
      fake.setPolicy({ type, enabled: b.enabled, data: isRecord(b.data) ? b.data : null });
      return ok();
    },
    'POST /__fake/api-access': (b) => {
      if (typeof b.enabled !== 'boolean') return invalid('enabled is required');
      fake.setApiEnabled(b.enabled);
      return ok();
    },
    'POST /__fake/rotate-secret': (b) => {
      if (typeof b.secret !== 'string' || !b.secret) return invalid('secret is required');
      fake.rotateSecret(b.secret);
      return ok();
    },
    'POST /__fake/expire-tokens': () => {
      fake.expireTokens();
      return ok();
    },
    'POST /__fake/rate-limit': (b) => {
      if (b.off === true) {
        fake.setRateLimit(null);
        return ok();
      }
      const limit = num(b.limit);
      const windowMs = num(b.windowMs);
      if (limit === null || windowMs === null) return invalid('limit and windowMs, or off: true');
      fake.setRateLimit({ limit, windowMs });
      return ok();
    },
    'POST /__fake/fail-next': failNextControl('status', fake.failNext),
    'POST /__fake/reset': () => {
      fake.reset();
      return ok();
    },
  };
  return controlRouter({ ...commonControls(fake), ...routes });
}
