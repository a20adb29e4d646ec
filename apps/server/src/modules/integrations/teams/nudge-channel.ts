import { storedCredentials } from '../kit/key-connect';
import type { NudgeChannel, NudgeDelivery, NudgeSendInput } from '../kit/nudge-channel';
import { pauseGate } from '../kit/pause-gate';
import { nudgeMessage } from './adaptive-card';
import { TeamsApiError } from './teams-api-error';
import { NUDGE_RETRY, type RetryPolicy, teamsHttp } from './teams-http';
import { type TeamsAddresses, teamsAddressesOf } from './workflow-address';

const sent = (): NudgeDelivery => ({ kind: 'sent', where: 'Microsoft Teams' });

function addressesOf({ ctx, tokens }: NudgeSendInput): TeamsAddresses {
  const addresses = teamsAddressesOf(ctx.config, storedCredentials(tokens));
  // Only addresses the connect form accepted are stored: these no longer pass its checks.
  if (typeof addresses === 'string') {
    throw new TeamsApiError('invalid_token', 'the stored Teams address is unusable', null);
  }
  return addresses;
}

/**
 * Teams as a nudge channel: the daily summary to the channel's workflow, a person's own nudge to
 * the direct-message workflow with the person's e-mail as `recipient` (its flow posts the card
 * to them as the Flow bot). A workflow answers before it runs, so "sent" means Teams took the
 * message, not that it was shown. A removed workflow is invalid_token; 429 and 5xx are retried
 * here, then thrown as rate_limited or unavailable. `retry` for tests.
 */
export function teamsNudges(retry: RetryPolicy = NUDGE_RETRY): NudgeChannel {
  const http = (input: NudgeSendInput) =>
    teamsHttp({ retry, gate: pauseGate('teams', input.row.organizationId) });
  return {
    async post(input) {
      const { channel } = addressesOf(input);
      await http(input).post('Teams channel post', channel, nudgeMessage(input.card), input.signal);
      return sent();
    },
    async direct(input) {
      const { direct } = addressesOf(input);
      if (!direct) {
        return {
          kind: 'unreachable',
          reason: 'No direct-message workflow is set up for Microsoft Teams.',
        };
      }
      const message = nudgeMessage(input.card, input.recipient.email);
      await http(input).post('Teams direct message', direct, message, input.signal);
      return sent();
    },
  };
}
