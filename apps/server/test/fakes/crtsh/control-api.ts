// The fake's test controls over HTTP, for tests that run it in another process:
//   GET    /__fake/certificates  every log entry; DELETE removes them all
//   POST   /__fake/certificates  {names, notBefore, notAfter, commonName?, issuer?, loggedAt?,
//                                precertificate?}: logs a certificate, answers {ids, serial};
//                                issuer: letsEncrypt | sectigo | digicert | {caId, name};
//                                times as ISO 8601
//   POST   /__fake/fail-next     {failure: rate-limited | bad-gateway | error-page | slow,
//                                times?, after?, delayMs?}
//   POST   /__fake/now           {now: ISO 8601 | null}: the time exclude=expired compares with
//   GET    /__fake/requests      the request log; DELETE clears it
//   POST   /__fake/latency       {ms}
//   POST   /__fake/reset         back to the start
import { json } from '../kit/answers';
import {
  type ControlRoute,
  commonControls,
  controlRouter,
  invalid,
  isRecord,
  num,
  ok,
} from '../kit/control-api';
import type { FailureOptions } from '../kit/forced-failures';
import type { FakeCrtsh } from './fake-crtsh';
import { CRTSH_FAILURES, type CrtshFailure } from './pages';
import { type CertificateSeed, type FakeIssuer, ISSUERS } from './world';

type Controls = Omit<FakeCrtsh, 'url' | 'close' | 'serverEnv'>;

const isFailure = (v: unknown): v is CrtshFailure =>
  (CRTSH_FAILURES as readonly unknown[]).includes(v);

const time = (v: unknown): Date | null => {
  if (typeof v !== 'string') return null;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? null : at;
};

function issuerOf(v: unknown): FakeIssuer | null | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return ISSUERS[v as keyof typeof ISSUERS] ?? null;
  if (isRecord(v) && num(v.caId) !== null && typeof v.name === 'string') {
    return { caId: v.caId as number, name: v.name };
  }
  return null;
}

/** A certificate of a control's body, or the reason it is not one. */
function seedOf(b: Record<string, unknown>): CertificateSeed | string {
  const names = b.names;
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string')) {
    return 'names must be a non-empty list of strings';
  }
  const notBefore = time(b.notBefore);
  const notAfter = time(b.notAfter);
  if (!notBefore || !notAfter) return 'notBefore and notAfter must be ISO 8601 times';
  const issuer = issuerOf(b.issuer);
  if (issuer === null) {
    return `issuer must be one of ${Object.keys(ISSUERS).join(', ')} or {caId, name}`;
  }
  const loggedAt = b.loggedAt === undefined ? undefined : time(b.loggedAt);
  if (loggedAt === null) return 'loggedAt must be an ISO 8601 time';
  if (b.commonName !== undefined && b.commonName !== null && typeof b.commonName !== 'string') {
    return 'commonName must be a string or null';
  }
  return {
    names,
    notBefore,
    notAfter,
    ...(issuer ? { issuer } : {}),
    ...(loggedAt ? { loggedAt } : {}),
    ...(b.commonName === undefined ? {} : { commonName: b.commonName as string | null }),
    ...(typeof b.precertificate === 'boolean' ? { precertificate: b.precertificate } : {}),
  };
}

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/certificates': () => json(200, { certificates: fake.certificates() }),
    'POST /__fake/certificates': (b) => {
      const seed = seedOf(b);
      return typeof seed === 'string' ? invalid(seed) : json(200, fake.addCertificate(seed));
    },
    'DELETE /__fake/certificates': () => {
      fake.clearCertificates();
      return ok();
    },
    'POST /__fake/fail-next': (b) => {
      if (!isFailure(b.failure))
        return invalid(`failure must be one of ${CRTSH_FAILURES.join(', ')}`);
      const options: FailureOptions & { delayMs?: number } = {};
      for (const key of ['times', 'after', 'delayMs'] as const) {
        const n = num(b[key]);
        if (n !== null) options[key] = n;
      }
      fake.failNext(b.failure, options);
      return ok();
    },
    'POST /__fake/now': (b) => {
      const at = b.now === null ? null : time(b.now);
      if (b.now !== null && !at) return invalid('now must be an ISO 8601 time or null');
      fake.setNow(at);
      return ok();
    },
    'POST /__fake/reset': () => {
      fake.reset();
      return ok();
    },
  };
  return controlRouter({ ...commonControls(fake), ...routes });
}
