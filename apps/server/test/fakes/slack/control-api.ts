// The fake's test controls over HTTP, for browser tests and the demo that run it in another process:
//   GET    /__fake/workspace     the workspace (people, channels)
//   GET    /__fake/messages      every message posted so far, as it is now
//   POST   /__fake/press         {actionId, value?, ts?, userId?, tamper?}: presses a button, signed
//                                to the app; answers {answer: {status, body}, responses: [...]}
//   POST   /__fake/tokens        {scopes?}: a bot token without the install
//   POST   /__fake/revoke-tokens every token issued so far is revoked
//   POST   /__fake/fail-next     {path, status, times?, after?, retryAfterSeconds?} (429: ratelimited)
//   POST   /__fake/rates         {tier3PerMinute?, postsPerChannelPerSecond?, postsPerWorkspacePerMinute?}
//   GET    /__fake/requests      the request log; DELETE clears it
//   POST   /__fake/latency       {ms}
//   POST   /__fake/reset         back to the start
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
import type { FakeSlack } from './fake-slack';

type Controls = Omit<FakeSlack, 'url' | 'close'>;

export function controlApi(fake: Controls) {
  const routes: Record<string, ControlRoute> = {
    'GET /__fake/workspace': () => json(200, { workspace: fake.workspace() }),
    'GET /__fake/messages': () => json(200, { messages: fake.messages() }),
    'POST /__fake/tokens': (b) =>
      json(200, {
        token: fake.issueToken(Array.isArray(b.scopes) ? b.scopes.map(String) : undefined),
      }),
    'POST /__fake/revoke-tokens': () => {
      fake.revokeTokens();
      return ok();
    },
    'POST /__fake/fail-next': failNextControl('status', fake.failNext),
    'POST /__fake/rates': (b) => {
      const rates = Object.fromEntries(
        ['tier3PerMinute', 'postsPerChannelPerSecond', 'postsPerWorkspacePerMinute'].flatMap(
          (k) => {
            const n = num(b[k]);
            return n === null || n < 1 ? [] : [[k, n]];
          },
        ),
      );
      fake.setRates(rates);
      return ok();
    },
    'POST /__fake/reset': () => {
      fake.reset();
      return ok();
    },
  };
  const router = controlRouter({ ...commonControls(fake), ...routes });

  // Pressing waits for the app, so it is the one control that answers asynchronously.
  return async (method: string, url: URL, text: string) => {
    if (method !== 'POST' || url.pathname !== '/__fake/press') return router(method, url, text);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text || '{}') as Record<string, unknown>;
    } catch {
      return invalid('the body must be JSON');
    }
    if (typeof body.actionId !== 'string') return invalid('actionId is required');
    const tamper = body.tamper === 'signature' || body.tamper === 'stale' ? body.tamper : undefined;
    try {
      const press = await fake.press({
        actionId: body.actionId,
        ...(typeof body.value === 'string' ? { value: body.value } : {}),
        ...(typeof body.ts === 'string' ? { ts: body.ts } : {}),
        ...(typeof body.userId === 'string' ? { userId: body.userId } : {}),
        ...(tamper ? { tamper } : {}),
      });
      return json(200, { answer: press.answer, responses: press.responses });
    } catch (err) {
      return invalid((err as Error).message);
    }
  };
}
