// The fake's test controls over HTTP, for browser tests that run it in another process:
//   GET    /__fake/businesses          the businesses as they are now
//   GET    /__fake/requests            the request log; DELETE clears it
//   POST   /__fake/tokens              {scopes?, lifetimeSeconds?}: a user token without the dialog
//   POST   /__fake/expire-tokens       every token issued so far expires now
//   POST   /__fake/revoke-tokens       every token issued so far is invalidated (190/460)
//   POST   /__fake/refuse-two-factor   {error: {code, message, …} | null}
//   POST   /__fake/revoke-permission   {name}
//   POST   /__fake/fail-next           {path, code, times?, after?}
//   POST   /__fake/latency             {ms}
//   POST   /__fake/reset               back to the start
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
import type { FakeMeta } from './fake-meta';
import type { MetaErrorFields } from './graph-errors';

type Controls = Omit<FakeMeta, 'url' | 'close'>;

function metaErrorOf(v: unknown): MetaErrorFields | null {
  if (!isRecord(v) || typeof v.message !== 'string' || typeof v.code !== 'number') return null;
  return v as MetaErrorFields;
}

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/businesses': () => json(200, { businesses: fake.businesses() }),
    'POST /__fake/tokens': (b) => {
      const lifetimeSeconds = num(b.lifetimeSeconds);
      return json(
        200,
        fake.issueToken({
          ...(Array.isArray(b.scopes) ? { scopes: b.scopes.map(String) } : {}),
          ...(lifetimeSeconds === null ? {} : { lifetimeSeconds }),
        }),
      );
    },
    'POST /__fake/expire-tokens': () => {
      fake.expireTokens();
      return ok();
    },
    'POST /__fake/revoke-tokens': () => {
      fake.revokeTokens();
      return ok();
    },
    'POST /__fake/refuse-two-factor': (b) => {
      const error = b.error === null ? null : metaErrorOf(b.error);
      if (error === null && b.error !== null) {
        return invalid('error must be null or {code: number, message: string, …}');
      }
      fake.refuseTwoFactorChange(error);
      return ok();
    },
    'POST /__fake/revoke-permission': (b) => {
      if (typeof b.name !== 'string') return invalid('name is required');
      fake.revokePermission(b.name);
      return ok();
    },
    'POST /__fake/fail-next': failNextControl('code', fake.failNext),
    'POST /__fake/reset': () => {
      fake.reset();
      return ok();
    },
  };

  return controlRouter({ ...commonControls(fake), ...routes });
}
