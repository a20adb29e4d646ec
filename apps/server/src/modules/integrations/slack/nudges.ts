// Slack as a nudge channel: a person's nudge as a direct message from the app's bot, the daily
// summary through the incoming webhook of the channel chosen at install.
import type { NudgeChannel } from '../kit/nudge-channel';
import { isSlackHook, type SlackClientConfig, slackClientConfig } from './client-config';
import { slackFactsOf } from './facts';
import { nudgeMessage } from './nudge-blocks';
import { slackApi } from './slack-api';
import { SlackApiError, webhookAnswerFailure } from './slack-api-error';
import { slackHttp } from './slack-http';
import { storedSlackGrant } from './stored-grant';

const SENT = { kind: 'sent', where: 'Slack' } as const;
const unreachable = (reason: string) => ({ kind: 'unreachable', reason }) as const;

function clientOf(config: Parameters<typeof slackClientConfig>[0]): SlackClientConfig {
  const slack = slackClientConfig(config);
  if (!slack) throw new Error('Slack has no app on this server');
  return slack;
}

/** Channel errors that mean this person cannot get a direct message from the app, not "later". */
const NO_DIRECT_MESSAGE = new Set([
  'channel_not_found',
  'user_not_found',
  'user_disabled',
  'cannot_dm_bot',
  'not_allowed',
  'is_archived',
  'messages_tab_disabled',
]);

export const slackNudges: NudgeChannel = {
  async direct({ ctx, row, tokens, card, recipient, signal }) {
    const facts = slackFactsOf(row.facts);
    const person = facts?.people[recipient.email.toLowerCase()];
    if (!facts || !person) {
      return unreachable(
        facts
          ? 'No one in the Slack workspace has this e-mail address.'
          : 'Slack has not been synced yet.',
      );
    }
    const slack = clientOf(ctx.config);
    const api = slackApi(slack, storedSlackGrant(tokens).botToken, {
      organizationId: row.organizationId,
    });
    try {
      const channel = await api.openDirect(person.id, signal);
      await api.postMessage({ channel, ...nudgeMessage(card, true) }, signal);
    } catch (err) {
      if (err instanceof SlackApiError && err.code && NO_DIRECT_MESSAGE.has(err.code)) {
        return unreachable(`Slack would not take a direct message to this person (${err.code}).`);
      }
      throw err;
    }
    return SENT;
  },

  async post({ ctx, row, tokens, card, signal }) {
    const { webhook } = storedSlackGrant(tokens);
    if (!webhook) return unreachable('No Slack channel was chosen when Slack was connected.');
    const slack = clientOf(ctx.config);
    if (!isSlackHook(slack, webhook.url)) {
      return unreachable('The stored Slack webhook is not one of Slack’s addresses.');
    }
    try {
      await slackHttp(slack, row.organizationId).send(
        'Slack incoming webhook',
        new URL(webhook.url),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(nudgeMessage(card, false)),
        },
        webhookAnswerFailure,
        { signal },
      );
    } catch (err) {
      // [MEM] 403/404/410: the webhook was removed, or its channel archived or deleted.
      if (err instanceof SlackApiError && err.kind === 'failed') {
        return unreachable(
          `Slack refused the channel’s webhook (HTTP ${err.httpStatus}): reconnect Slack to choose a channel.`,
        );
      }
      throw err;
    }
    return SENT;
  },
};
