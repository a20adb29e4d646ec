// The fake's Web API (integrations-reference-2 §5.2, §5.4): `/api/<method>` with a bot token,
// errors as HTTP 200 `{ok: false, error}`, 429 `{ok: false, error: "ratelimited"}` with
// Retry-After over a method's rate. Rates ([MEM] beyond "Tier 3 50+ a minute per method per
// workspace" and "about one message a second per channel"): users.lookupByEmail and
// conversations.open 50 a minute per workspace; chat.postMessage one a second per channel and
// 300 a minute per workspace.
import { randomBytes } from 'node:crypto';
import { type Answer, json } from '../kit/answers';
import { errorAnswer } from '../kit/errors';
import { type RateLimiter, rateLimiter } from '../kit/rate-limit';
import { messageProblem } from './message-shape';
import type { IssuedToken, TokenStore } from './tokens';
import type { FakeWorkspace } from './world';

export type PostedMessage = {
  teamId: string;
  channel: string;
  ts: string;
  text: string | null;
  blocks: unknown[] | null;
  /** The person a direct message went to; null in a channel. */
  recipient: string | null;
  via: 'chat.postMessage' | 'incoming-webhook';
  /** Replaced through a response_url (replace_original). */
  replaced: boolean;
};

export type SlackRates = {
  tier3PerMinute: number;
  postsPerChannelPerSecond: number;
  postsPerWorkspacePerMinute: number;
};

export const SLACK_RATES: SlackRates = {
  tier3PerMinute: 50,
  postsPerChannelPerSecond: 1,
  postsPerWorkspacePerMinute: 300,
};

const TIER_3 = new Set(['users.lookupByEmail', 'conversations.open']);

export const slackError = (error: string, extra: Record<string, unknown> = {}) =>
  json(200, { ok: false, error, ...extra });
export const ratelimited = (retryAfterSeconds: number) =>
  errorAnswer(429, { ok: false, error: 'ratelimited' }, { retryAfterSeconds });

let tsCounter = 0;
/** A message timestamp, as Slack writes them: seconds and a six-digit sequence. */
export function messageTs(): string {
  tsCounter = (tsCounter + 1) % 1_000_000;
  return `${Math.floor(Date.now() / 1000)}.${String(tsCounter).padStart(6, '0')}`;
}

export function createWebApi(
  tokens: TokenStore,
  world: { workspace: () => FakeWorkspace; messages: PostedMessage[] },
) {
  const directs = new Map<string, string>();
  let limits = makeLimits(SLACK_RATES);

  function makeLimits(rates: SlackRates) {
    return {
      tier3: rateLimiter({ limit: rates.tier3PerMinute, windowMs: 60_000 }),
      channel: rateLimiter({ limit: rates.postsPerChannelPerSecond, windowMs: 1_000 }),
      workspace: rateLimiter({ limit: rates.postsPerWorkspacePerMinute, windowMs: 60_000 }),
    };
  }

  /** Counts a call against `limiter` under `key`; the 429 when over. */
  function over(limiter: RateLimiter, key: string): Answer | null {
    const wait = limiter.retryAfter(key);
    if (wait !== null) return ratelimited(wait);
    limiter.count(key);
    return null;
  }

  const needs = (issued: IssuedToken, scope: string) =>
    issued.scopes.has(scope)
      ? null
      : slackError('missing_scope', { needed: scope, provided: [...issued.scopes].join(',') });

  function lookupByEmail(issued: IssuedToken, params: Record<string, unknown>): Answer {
    const refused = needs(issued, 'users:read.email');
    if (refused) return refused;
    if (typeof params.email !== 'string' || !params.email) return slackError('invalid_arguments');
    const email = params.email.toLowerCase();
    const person = world.workspace().people.find((p) => p.email.toLowerCase() === email);
    if (!person) return slackError('users_not_found');
    const team = world.workspace().id;
    return json(200, {
      ok: true,
      user: {
        id: person.id,
        team_id: team,
        name: person.email.split('@')[0],
        deleted: person.deleted,
        real_name: person.name,
        tz: person.tz,
        is_bot: false,
        profile: { email: person.email, real_name: person.name, display_name: person.name },
      },
    });
  }

  function open(issued: IssuedToken, params: Record<string, unknown>): Answer {
    const refused = needs(issued, 'im:write');
    if (refused) return refused;
    const users = typeof params.users === 'string' ? params.users.split(',') : [];
    if (users.length !== 1)
      return slackError(users.length === 0 ? 'users_list_not_supplied' : 'not_supported');
    const person = world.workspace().people.find((p) => p.id === users[0]);
    if (!person) return slackError('user_not_found');
    if (person.deleted) return slackError('user_disabled');
    const existing = directs.get(person.id);
    const channel = existing ?? `D${randomBytes(5).toString('hex').toUpperCase().slice(0, 10)}`;
    directs.set(person.id, channel);
    return json(200, {
      ok: true,
      ...(existing ? { no_op: true, already_open: true } : {}),
      channel: { id: channel },
    });
  }

  function post(issued: IssuedToken, params: Record<string, unknown>): Answer {
    const refused = needs(issued, 'chat:write');
    if (refused) return refused;
    const channel = typeof params.channel === 'string' ? params.channel : '';
    if (!channel) return slackError('channel_not_found');
    const recipient = [...directs.entries()].find(([, id]) => id === channel)?.[0] ?? null;
    const known = world.workspace().channels.some((c) => c.id === channel);
    // The bot is in no public channel unless invited: it posts there through the webhook.
    if (!recipient) return slackError(known ? 'not_in_channel' : 'channel_not_found');
    const problem = messageProblem(params.text, params.blocks);
    if (problem) {
      return slackError(
        problem.error,
        problem.detail ? { response_metadata: { messages: [problem.detail] } } : {},
      );
    }
    const team = issued.teamId;
    const limited = over(limits.channel, `${team}|${channel}`) ?? over(limits.workspace, team);
    if (limited) return limited;
    const ts = messageTs();
    const message: PostedMessage = {
      teamId: team,
      channel,
      ts,
      text: typeof params.text === 'string' ? params.text : null,
      blocks: Array.isArray(params.blocks) ? params.blocks : null,
      recipient,
      via: 'chat.postMessage',
      replaced: false,
    };
    world.messages.push(message);
    return json(200, {
      ok: true,
      channel,
      ts,
      message: {
        type: 'message',
        user: issued.botUserId,
        text: message.text,
        blocks: message.blocks,
        ts,
      },
      ...(message.text ? {} : { warning: 'missing_text_in_blocks' }),
    });
  }

  /** One Web API call: `method`, the request's token and its fields (form or JSON). */
  function call(
    method: string,
    authorization: string | undefined,
    params: Record<string, unknown>,
  ): Answer {
    const token = tokens.check(
      authorization,
      typeof params.token === 'string' ? params.token : null,
    );
    if (!token.ok) return slackError(token.error);
    const { issued } = token;
    if (TIER_3.has(method)) {
      const limited = over(limits.tier3, `${method}|${issued.teamId}`);
      if (limited) return limited;
    }
    switch (method) {
      case 'auth.test': {
        const workspace = world.workspace();
        return json(200, {
          ok: true,
          url: `https://${workspace.domain}.slack.com/`,
          team: workspace.name,
          user: 'castellan',
          team_id: workspace.id,
          user_id: issued.botUserId,
          bot_id: 'B0CASTELLAN',
          is_enterprise_install: false,
        });
      }
      case 'auth.revoke':
        tokens.revoke(issued.token);
        return json(200, { ok: true, revoked: true });
      case 'users.lookupByEmail':
        return lookupByEmail(issued, params);
      case 'conversations.open':
        return open(issued, params);
      case 'chat.postMessage':
        return post(issued, params);
      default:
        return slackError('unknown_method');
    }
  }

  return {
    call,
    setRates(rates: SlackRates) {
      limits = makeLimits(rates);
    },
    clear() {
      directs.clear();
      limits = makeLimits(SLACK_RATES);
    },
  };
}
