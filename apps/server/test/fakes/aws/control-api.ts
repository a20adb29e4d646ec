// The fake's test controls over HTTP, for browser tests that run it in another process:
//   GET    /__fake/world             the account as it is now
//   POST   /__fake/root              {mfa?, accessKeys?}
//   POST   /__fake/users             {name, password?, mfa?, keyAgeDays?}: adds (or replaces) a user
//   DELETE /__fake/users             {name}
//   POST   /__fake/trails            {trails: [{name, homeRegion, multiRegion, logging}]}
//   POST   /__fake/public-access     {flags: {BlockPublicAcls, …} | null}
//   POST   /__fake/drop-report       forget the credential report
//   POST   /__fake/fail-next         {target: 'iam/GetCredentialReport', failure: 'throttle'|'internal'|'unavailable', times?, after?}
//   GET    /__fake/requests          the request log; DELETE clears it
//   POST   /__fake/latency           {ms}
//   POST   /__fake/reset             back to the start
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
import { daysAgo } from '../kit/demo-fake';
import type { AwsFailure, FakeAws } from './fake-aws';
import type { FakeTrail, PublicAccessBlockFlags } from './world';

type Controls = Omit<FakeAws, 'url' | 'close'>;

const FAILURES: readonly AwsFailure[] = ['throttle', 'internal', 'unavailable'];
const FLAGS = [
  'BlockPublicAcls',
  'IgnorePublicAcls',
  'BlockPublicPolicy',
  'RestrictPublicBuckets',
] as const;

function trailOf(v: unknown): FakeTrail | null {
  if (!isRecord(v) || typeof v.name !== 'string' || typeof v.homeRegion !== 'string') return null;
  return {
    name: v.name,
    homeRegion: v.homeRegion,
    multiRegion: v.multiRegion === true,
    logging: v.logging === true,
  };
}

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/world': () => json(200, { world: fake.world() }),
    'POST /__fake/root': (b) => {
      fake.update((w) => {
        if (typeof b.mfa === 'boolean') w.root.mfa = b.mfa;
        const keys = num(b.accessKeys);
        if (keys !== null) w.root.accessKeys = Math.min(2, Math.floor(keys));
      });
      return ok();
    },
    'POST /__fake/users': (b) => {
      if (typeof b.name !== 'string' || !/^[\w+=,.@-]{1,64}$/.test(b.name))
        return invalid('name is required');
      const name = b.name;
      const keyAge = num(b.keyAgeDays);
      fake.update((w) => {
        w.users = w.users.filter((u) => u.name !== name);
        w.users.push({
          name,
          createdAt: daysAgo(Math.max(keyAge ?? 0, 30)),
          password: b.password !== false,
          passwordLastUsed: daysAgo(2),
          mfa: b.mfa === true,
          accessKeys:
            keyAge === null
              ? []
              : [
                  {
                    id: `AKIAFAKE${name
                      .toUpperCase()
                      .replace(/[^A-Z0-9]/g, '')
                      .padEnd(12, '0')
                      .slice(0, 12)}`,
                    secret: 'unused',
                    active: true,
                    createdAt: daysAgo(keyAge),
                  },
                ],
        });
      });
      return ok();
    },
    'DELETE /__fake/users': (b) => {
      if (typeof b.name !== 'string') return invalid('name is required');
      fake.update((w) => {
        w.users = w.users.filter((u) => u.name !== b.name);
      });
      return ok();
    },
    'POST /__fake/trails': (b) => {
      const trails = Array.isArray(b.trails) ? b.trails.map(trailOf) : null;
      if (!trails || trails.some((t) => t === null))
        return invalid('trails must be [{name, homeRegion, multiRegion, logging}]');
      fake.update((w) => {
        w.trails = trails as FakeTrail[];
      });
      return ok();
    },
    'POST /__fake/public-access': (b) => {
      if (b.flags !== null && !isRecord(b.flags)) return invalid('flags must be an object or null');
      const flags = b.flags;
      fake.update((w) => {
        w.publicAccessBlock = flags
          ? (Object.fromEntries(FLAGS.map((f) => [f, flags[f] === true])) as PublicAccessBlockFlags)
          : null;
      });
      return ok();
    },
    'POST /__fake/drop-report': () => {
      fake.dropReport();
      return ok();
    },
    'POST /__fake/fail-next': (b) => {
      const failure = FAILURES.find((f) => f === b.failure);
      if (typeof b.target !== 'string' || !failure)
        return invalid(`target and failure (${FAILURES.join(', ')}) are required`);
      const times = num(b.times);
      const after = num(b.after);
      fake.failNext(b.target, failure, {
        ...(times === null ? {} : { times }),
        ...(after === null ? {} : { after }),
      });
      return ok();
    },
    'POST /__fake/reset': () => {
      fake.reset();
      return ok();
    },
  };
  return controlRouter({ ...commonControls(fake), ...routes });
}
