// A local Slack for tests: one origin answering the authorize page (slack.com/oauth/v2/authorize),
// the Web API (slack.com/api/<method>) and the hooks (hooks.slack.com: incoming webhooks under
// /services/…, response_urls under /actions/…) on their real paths, as integrations-reference-2 §5
// says. It presses the buttons of the messages it got, signed like Slack, to the app's
// Interactivity request URL. Test controls: methods on the returned object, and the same over HTTP
// under /__fake/ (see control-api.ts).
import type { IncomingMessage } from 'node:http';
import { type Answer, formOf, json } from '../kit/answers';
import { errorAnswer } from '../kit/errors';
import {
  type FakeRequest,
  fakeServer,
  type LoggedRequest as KitLoggedRequest,
} from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { type RateLimiter, rateLimiter } from '../kit/rate-limit';
import { TEST_CLIENT } from '../test-client';
import { controlApi } from './control-api';
import { createInstall, type SlackApp } from './install';
import {
  createInteractivity,
  type DeliverPress,
  type Press,
  postPressTo,
  type Tamper,
} from './interactivity';
import { messageProblem } from './message-shape';
import { createTokenStore } from './tokens';
import {
  createWebApi,
  messageTs,
  type PostedMessage,
  ratelimited,
  SLACK_RATES,
  type SlackRates,
  slackError,
} from './web-api';
import { buildWorkspace, DEFAULT_WORKSPACE, type FakeWorkspace, type WorkspaceSeed } from './world';

/** The signing secret the fake signs presses with (the app's SLACK_SIGNING_SECRET in tests). */
export const TEST_SIGNING_SECRET = 'castellan-test-signing-secret';
const BOT_USER_ID = 'U0CASTELBOT';
/** [MEM]: about one post a second per incoming webhook. */
const WEBHOOK_PER_SECOND = 1;

export type LoggedRequest = KitLoggedRequest & {
  /** Query, form and JSON fields together (a token field shown as `xoxb-…`). */
  params: Record<string, unknown>;
};

export type FakeSlackOptions = {
  port?: number;
  workspace?: WorkspaceSeed;
  /** Allowed redirect URIs of the default app (TEST_CLIENT). */
  redirectUris?: readonly string[];
  /** The app presses go to (its /api/integrations/slack/interactions), unless `deliver` is given. */
  appUrl?: string;
  /** How a press reaches the app (tests in one process pass app.inject). */
  deliver?: DeliverPress;
  signingSecret?: string;
  latencyMs?: number;
};

export type PressInput = {
  actionId: string;
  /** The button's value (a task id); default the first button of that action. */
  value?: string;
  /** The message; default the latest one with buttons. */
  ts?: string;
  /** Who presses; default the person the message went to. */
  userId?: string;
  tamper?: Tamper;
};

export type FakeSlack = {
  url: string;
  requests(): LoggedRequest[];
  clearRequests(): void;
  workspace(): FakeWorkspace;
  /** Every message posted so far (direct messages and webhook posts), oldest first, as they are now. */
  messages(): PostedMessage[];
  /** Presses a button of a posted message, as a person in Slack would; what the app did. */
  press(input: PressInput): Promise<Press>;
  /** A bot token as if the app had been installed, with these scopes (default all it asks for). */
  issueToken(scopes?: readonly string[]): string;
  /** Every token issued so far is revoked: calls answer `token_revoked`. */
  revokeTokens(): void;
  /** The next requests whose path starts with `pathPrefix` answer HTTP `status` (429: ratelimited). */
  failNext(
    pathPrefix: string,
    status: number,
    options?: FailureOptions & { retryAfterSeconds?: number },
  ): void;
  /** The fake's rates (see web-api.ts); counts start again. */
  setRates(rates: Partial<SlackRates>): void;
  setLatencyMs(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

/** Query, form and JSON fields together, as Slack reads them. */
function paramsOf({ req, url, body }: FakeRequest): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  for (const [k, v] of formOf(req, body)) params[k] = v;
  if ((req.headers['content-type'] ?? '').startsWith('application/json') && body.trim()) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null) Object.assign(params, parsed);
    } catch {
      params.__invalidJson = true;
    }
  }
  return params;
}

export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const seed = options.workspace ?? DEFAULT_WORKSPACE;
  let workspace = buildWorkspace(seed);
  const messages: PostedMessage[] = [];
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);
  const failures = forcedFailures<{ status: number; retryAfterSeconds?: number }>();
  let origin = '';
  const apps: SlackApp[] = [
    {
      ...TEST_CLIENT,
      name: 'Castellan (test)',
      redirectUris: options.redirectUris ?? [],
    },
  ];
  const tokens = createTokenStore();
  const install = createInstall(apps, tokens, {
    workspace: () => workspace,
    origin: () => origin,
    botUserId: BOT_USER_ID,
  });
  const api = createWebApi(tokens, { workspace: () => workspace, messages });
  let webhookLimit: RateLimiter = rateLimiter({ limit: WEBHOOK_PER_SECOND, windowMs: 1_000 });
  const deliver =
    options.deliver ?? postPressTo((options.appUrl ?? 'http://127.0.0.1:3000').replace(/\/$/, ''));
  const interactivity = createInteractivity({
    origin: () => origin,
    secret: () => options.signingSecret ?? TEST_SIGNING_SECRET,
    deliver: () => deliver,
    teamDomain: () => workspace.domain,
  });

  /** An incoming webhook's post: text `ok`, or Slack's text error codes ([MEM]). */
  function webhookPost(path: string, params: Record<string, unknown>): Answer {
    const hook = install.webhook(path);
    if (!hook) return { status: 404, body: 'no_service' };
    if (params.__invalidJson) return { status: 400, body: 'invalid_payload' };
    const problem = messageProblem(params.text, params.blocks);
    if (problem) return { status: 400, body: problem.error };
    const wait = webhookLimit.retryAfter(path);
    if (wait !== null)
      return { status: 429, body: 'rate_limited', headers: { 'retry-after': String(wait) } };
    webhookLimit.count(path);
    messages.push({
      teamId: hook.teamId,
      channel: hook.channelId,
      ts: messageTs(),
      text: typeof params.text === 'string' ? params.text : null,
      blocks: Array.isArray(params.blocks) ? params.blocks : null,
      recipient: null,
      via: 'incoming-webhook',
      replaced: false,
    });
    return { status: 200, body: 'ok' };
  }

  function route(
    req: IncomingMessage,
    url: URL,
    params: Record<string, unknown>,
    form: URLSearchParams,
  ): Answer {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const failure = failures.take(path);
    if (failure) {
      return failure.status === 429
        ? ratelimited(failure.retryAfterSeconds ?? 1)
        : errorAnswer(failure.status, { ok: false, error: 'internal_error' }, failure);
    }
    if (path === '/oauth/v2/authorize' && method === 'GET')
      return install.authorize(url.searchParams);
    if (path === '/oauth/v2/authorize/confirm' && method === 'POST') return install.confirm(form);
    if (path === '/api/oauth.v2.access') return install.access(req, form);
    if (path.startsWith('/api/')) {
      if (method !== 'POST' && method !== 'GET')
        return slackError('method_not_supported_for_channel_type');
      return api.call(path.slice('/api/'.length), req.headers.authorization, params);
    }
    if (path.startsWith('/services/') && method === 'POST') return webhookPost(path, params);
    if (interactivity.isResponseUrl(path) && method === 'POST')
      return interactivity.respond(path, params);
    return json(404, { ok: false, error: 'not_found' });
  }

  const fake: Omit<FakeSlack, 'url' | 'close'> = {
    ...traffic,
    workspace: () => structuredClone(workspace),
    messages: () => structuredClone(messages),
    async press(input) {
      const message = input.ts
        ? messages.find((m) => m.ts === input.ts)
        : messages.findLast((m) =>
            (m.blocks ?? []).some((b) => (b as { type?: unknown }).type === 'actions'),
          );
      if (!message) throw new Error('no message with buttons was posted');
      const userId = input.userId ?? message.recipient;
      if (!userId) throw new Error('say who presses: the message went to a channel');
      return interactivity.press(message, {
        actionId: input.actionId,
        userId,
        ...(input.value === undefined ? {} : { value: input.value }),
        ...(input.tamper ? { tamper: input.tamper } : {}),
      });
    },
    issueToken: (scopes) =>
      tokens.issue({
        teamId: workspace.id,
        scopes: scopes ?? [
          'chat:write',
          'users:read',
          'users:read.email',
          'im:write',
          'incoming-webhook',
        ],
        botUserId: BOT_USER_ID,
      }).token,
    revokeTokens: () => tokens.revokeAll(),
    failNext: (prefix, status, o = {}) => failures.add(prefix, { status, ...o }, o),
    setRates: (rates) => {
      api.setRates({ ...SLACK_RATES, ...rates });
    },
    reset: () => {
      workspace = buildWorkspace(seed);
      messages.length = 0;
      failures.clear();
      traffic.clearRequests();
      traffic.setLatencyMs(options.latencyMs ?? 0);
      tokens.clear();
      install.clear();
      api.clear();
      interactivity.clear();
      webhookLimit = rateLimiter({ limit: WEBHOOK_PER_SECOND, windowMs: 1_000 });
    },
  };

  const listening = await listen(options.port, {
    control: controlApi(fake),
    logEntry: (request, logged) => {
      const params = paramsOf(request);
      if (typeof params.token === 'string') params.token = 'xoxb-…';
      return { ...logged, params };
    },
    answer: (request) =>
      route(request.req, request.url, paramsOf(request), formOf(request.req, request.body)),
    crash: (err) => {
      console.error('fake Slack:', err);
      return errorAnswer(500, { ok: false, error: 'internal_error' });
    },
  });
  origin = listening.url;
  return { ...fake, ...listening };
}
