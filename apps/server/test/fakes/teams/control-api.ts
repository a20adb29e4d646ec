// The fake's test controls over HTTP, for tests that run it in another process:
//   GET    /__fake/addresses  the addresses to paste: {channel, direct, connector}
//   GET    /__fake/posts      what the workflows and the connector took (card, recipient,
//                             delivered, failure); DELETE clears them
//   POST   /__fake/remove     {which: channel | direct | connector}: deleted, 404 from now on
//   GET    /__fake/requests   the request log; DELETE clears it
//   POST   /__fake/fail-next  {path, status, times?, after?, retryAfterSeconds?}
//   POST   /__fake/latency    {ms}
//   POST   /__fake/reset      back to the start
import { json } from '../kit/answers';
import {
  type ControlRoute,
  commonControls,
  controlRouter,
  failNextControl,
  invalid,
  ok,
} from '../kit/control-api';
import type { FakeTeams, FakeTeamsAddresses } from './fake-teams';

type Controls = Omit<FakeTeams, 'url' | 'close' | 'addresses'>;

const WHICH = ['channel', 'direct', 'connector'] as const;
const isWhich = (v: unknown): v is keyof FakeTeamsAddresses =>
  (WHICH as readonly unknown[]).includes(v);

export function controlApi(fake: Controls, addresses: () => FakeTeamsAddresses) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/addresses': () => json(200, addresses()),
    'GET /__fake/posts': () => json(200, { posts: fake.posts() }),
    'DELETE /__fake/posts': () => {
      fake.clearPosts();
      return ok();
    },
    'POST /__fake/remove': (b) => {
      if (!isWhich(b.which)) return invalid(`which must be one of ${WHICH.join(', ')}`);
      fake.remove(b.which);
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
