// Slack's OAuth v2 install (integrations-reference-2 §5.1): the authorize page asks a workspace
// administrator for the bot scopes (comma-separated `scope`; the URL's details are [MEM]), and
// `oauth.v2.access` swaps the callback's code for the bot token, with HTTP Basic client auth.
import { PROVIDERS } from '@castellan/contract';
import { z } from 'zod';
import { parseAnswer } from '../kit/parse-answer';
import { type SlackClientConfig, slackUrl } from './client-config';
import { SlackApiError, slackAnswerFailure } from './slack-api-error';
import { slackHttp } from './slack-http';
import type { SlackGrant } from './stored-grant';

export const SLACK_SCOPES = PROVIDERS.slack.scopes;

export function slackAuthorizeUrl(cfg: SlackClientConfig, p: { state: string }): string {
  return slackUrl(cfg, '/oauth/v2/authorize', {
    client_id: cfg.clientId,
    scope: SLACK_SCOPES.join(','),
    redirect_uri: cfg.redirectUri,
    state: p.state,
  }).toString();
}

const installAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('bot'),
  scope: z.string(),
  team: z.object({ id: z.string().min(1), name: z.string() }),
  // [MEM]: the channel's webhook comes in the same answer when `incoming-webhook` was asked for
  // (the administrator picks the channel on the authorize page). Not in the reference's example.
  incoming_webhook: z
    .object({ url: z.url(), channel: z.string(), channel_id: z.string().min(1) })
    .nullish(),
});

export type SlackInstall = {
  grant: SlackGrant;
  scopes: string[];
  team: { id: string; name: string };
};

/** Swaps the callback's code for the bot token. Not retried: a code works once. */
export async function exchangeSlackCode(
  cfg: SlackClientConfig,
  code: string,
  signal?: AbortSignal,
): Promise<SlackInstall> {
  const where = 'Slack oauth.v2.access';
  const basic = Buffer.from(
    `${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`,
  ).toString('base64');
  const body = await slackHttp(cfg).send(
    where,
    slackUrl(cfg, '/api/oauth.v2.access'),
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ code, redirect_uri: cfg.redirectUri }),
    },
    slackAnswerFailure,
    { signal, retry: { attempts: 1 } },
  );
  const answer = parseAnswer(
    installAnswer,
    body,
    where,
    (message) => new SlackApiError('failed', message, 200),
  );
  const hook = answer.incoming_webhook;
  return {
    grant: {
      botToken: answer.access_token,
      webhook: hook
        ? // [MEM]: the channel's name comes with its `#`.
          { url: hook.url, channel: hook.channel.replace(/^#/, ''), channelId: hook.channel_id }
        : null,
    },
    scopes: answer.scope
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    team: answer.team,
  };
}

/** The required scopes `granted` lacks. */
export const missingSlackScopes = (granted: readonly string[]) =>
  SLACK_SCOPES.filter((scope) => !granted.includes(scope));
