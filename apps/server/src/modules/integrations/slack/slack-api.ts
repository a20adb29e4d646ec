// One bot token's calls of Slack's Web API (`POST /api/<method>`, `Authorization: Bearer`), the
// few the integration needs (integrations-reference-2 §5.2).
import { z } from 'zod';
import { parseAnswer } from '../kit/parse-answer';
import { type SlackClientConfig, slackUrl } from './client-config';
import { SlackApiError, slackAnswerFailure } from './slack-api-error';
import { slackHttp } from './slack-http';

/** A person of the workspace, as the nudges need them. */
export type SlackPerson = { id: string; tz: string | null };

/** A message as `chat.postMessage` takes it: `text` is the notification's fallback. */
export type SlackMessage = { channel: string; text: string; blocks: readonly object[] };

const unexpected = (message: string) => new SlackApiError('failed', message, 200);

const authTestAnswer = z.object({ team_id: z.string().min(1), team: z.string() });
const userAnswer = z.object({
  user: z.object({
    id: z.string().min(1),
    deleted: z.boolean().optional(),
    is_bot: z.boolean().optional(),
    tz: z.string().nullish(),
  }),
});
const channelAnswer = z.object({ channel: z.object({ id: z.string().min(1) }) });
const postAnswer = z.object({ channel: z.string(), ts: z.string() });

/** `users.lookupByEmail`'s "no such person" ([3P]: older copies of the docs say `user_not_found`). */
const NOT_FOUND = new Set(['users_not_found', 'user_not_found']);

export function slackApi(
  cfg: SlackClientConfig,
  botToken: string,
  options: { organizationId?: string } = {},
) {
  const http = slackHttp(cfg, options.organizationId);

  async function call(
    method: string,
    fields: Record<string, unknown>,
    as: 'form' | 'json',
    signal?: AbortSignal,
  ): Promise<unknown> {
    const init: RequestInit =
      as === 'json'
        ? {
            method: 'POST',
            headers: {
              authorization: `Bearer ${botToken}`,
              'content-type': 'application/json; charset=utf-8',
            },
            body: JSON.stringify(fields),
          }
        : {
            method: 'POST',
            headers: {
              authorization: `Bearer ${botToken}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: new URLSearchParams(fields as Record<string, string>),
          };
    return http.send(`Slack ${method}`, slackUrl(cfg, `/api/${method}`), init, slackAnswerFailure, {
      signal,
    });
  }

  return {
    /** The workspace the token belongs to; also how a revoked token shows (`invalid_auth`…). */
    async team(signal?: AbortSignal): Promise<{ id: string; name: string }> {
      const body = await call('auth.test', {}, 'form', signal);
      const answer = parseAnswer(authTestAnswer, body, 'Slack auth.test', unexpected);
      return { id: answer.team_id, name: answer.team };
    },

    /** The active person with this e-mail address, or null when Slack has none. */
    async personByEmail(email: string, signal?: AbortSignal): Promise<SlackPerson | null> {
      let body: unknown;
      try {
        body = await call('users.lookupByEmail', { email }, 'form', signal);
      } catch (err) {
        if (err instanceof SlackApiError && err.code && NOT_FOUND.has(err.code)) return null;
        throw err;
      }
      const { user } = parseAnswer(userAnswer, body, 'Slack users.lookupByEmail', unexpected);
      if (user.deleted || user.is_bot) return null;
      return { id: user.id, tz: user.tz ?? null };
    },

    /** The direct-message channel of the bot and this person (opened if need be). */
    async openDirect(userId: string, signal?: AbortSignal): Promise<string> {
      const body = await call('conversations.open', { users: userId }, 'form', signal);
      return parseAnswer(channelAnswer, body, 'Slack conversations.open', unexpected).channel.id;
    },

    async postMessage(message: SlackMessage, signal?: AbortSignal): Promise<{ ts: string }> {
      const body = await call('chat.postMessage', message, 'json', signal);
      return { ts: parseAnswer(postAnswer, body, 'Slack chat.postMessage', unexpected).ts };
    },

    /** Gives the token back (`auth.revoke`): the app's grant in the workspace ends. */
    async revoke(signal?: AbortSignal): Promise<void> {
      await call('auth.revoke', {}, 'form', signal);
    },
  };
}

export type SlackApi = ReturnType<typeof slackApi>;
