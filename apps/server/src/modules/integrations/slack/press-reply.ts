// The reply to a button press, through the press's `response_url`: the nudge is replaced, the
// pressed task's buttons giving way to what was done; a refusal is shown to the presser alone.
// Only Slack's own hooks origin is ever called: a forged response_url is not fetched.

import type { PressOutcome } from './button-press';
import { isSlackHook, type SlackClientConfig } from './client-config';
import { mrkdwn, taskBlockId } from './nudge-blocks';
import { webhookAnswerFailure } from './slack-api-error';
import { slackHttp } from './slack-http';

/** The original message's blocks with the pressed task's buttons replaced by `text`. */
function replacedBlocks(
  blocks: readonly Record<string, unknown>[] | null,
  taskId: string,
  text: string,
) {
  const said = { type: 'context', elements: [{ type: 'mrkdwn', text: mrkdwn(text) }] };
  if (!blocks) return [said];
  const at = blocks.findIndex((b) => b.block_id === taskBlockId(taskId));
  return at === -1 ? [...blocks, said] : blocks.map((b, i) => (i === at ? said : b));
}

export async function replyToPress(
  slack: SlackClientConfig,
  responseUrl: string,
  p: { outcome: PressOutcome; taskId: string; blocks: readonly Record<string, unknown>[] | null },
): Promise<void> {
  if (!isSlackHook(slack, responseUrl)) throw new Error('the response_url is not one of Slack’s');
  const { outcome } = p;
  const body =
    outcome.kind === 'refused'
      ? { response_type: 'ephemeral', replace_original: false, text: outcome.text }
      : {
          replace_original: true,
          text: outcome.text,
          blocks: replacedBlocks(p.blocks, p.taskId, outcome.text),
        };
  await slackHttp(slack).send(
    'Slack response_url',
    new URL(responseUrl),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    },
    webhookAnswerFailure,
    { retry: { attempts: 2 } },
  );
}
