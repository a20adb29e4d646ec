// What a Slack install leaves: the bot token and, when the administrator picked a channel, that
// channel's incoming webhook. The webhook URL is a secret too (whoever has it may post), so both
// are sealed together as the grant's access token, like a pasted key (kit/key-connect).
import { storedCredentials } from '../kit/key-connect';
import type { OpenedTokens } from '../kit/tokens';
import { SlackApiError } from './slack-api-error';

export type SlackWebhook = { url: string; channel: string; channelId: string };
export type SlackGrant = { botToken: string; webhook: SlackWebhook | null };

/** The grant as it is sealed (the access token's text). */
export function sealedSlackGrant(grant: SlackGrant): string {
  const { webhook } = grant;
  return JSON.stringify({
    botToken: grant.botToken,
    ...(webhook
      ? {
          webhookUrl: webhook.url,
          webhookChannel: webhook.channel,
          webhookChannelId: webhook.channelId,
        }
      : {}),
  });
}

/** The grant back from its opened tokens; a grant that cannot be read is a token Slack would refuse. */
export function storedSlackGrant(tokens: Pick<OpenedTokens, 'accessToken'>): SlackGrant {
  let stored: Record<string, string>;
  try {
    stored = {
      ...storedCredentials({
        accessToken: tokens.accessToken,
        refreshToken: null,
        expiresAt: null,
      }),
    };
  } catch {
    stored = {};
  }
  const { botToken, webhookUrl, webhookChannel, webhookChannelId } = stored;
  if (!botToken) throw new SlackApiError('invalid_token', 'no Slack bot token is stored', null);
  return {
    botToken,
    webhook:
      webhookUrl && webhookChannelId
        ? { url: webhookUrl, channel: webhookChannel ?? '', channelId: webhookChannelId }
        : null,
  };
}
