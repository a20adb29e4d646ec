// A nudge as Slack shows it: Block Kit sections with links to each task, and for a person's own
// tasks the two buttons whose presses come back to interaction-routes.ts.
import type { NudgeCard, NudgeCardTask } from '../kit/nudge-channel';

/** The buttons' action ids, as a press names them back. */
export const TASK_DONE = 'task_done';
export const TASK_SNOOZE = 'task_snooze';
/** The actions block of a task: `task:<id>`, which a reply replaces with what was done. */
export const taskBlockId = (taskId: string) => `task:${taskId}`;

/** Slack's limit is 50 blocks a message: a task takes two, so the rest are left to the link. */
const MAX_TASKS = 20;
/** Slack's limit for a section's text is 3000 characters. */
const MAX_TEXT = 2900;

/** Text for mrkdwn: Slack's control characters escaped. */
export const mrkdwn = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text: clip(text) } });
/** A link: Slack's delimiters in the URL are percent-encoded (they cannot be escaped there). */
const link = (url: string, label: string) =>
  `<${url.replace(/[<>|]/g, encodeURIComponent)}|${mrkdwn(label)}>`;

function taskBlocks(task: NudgeCardTask, buttons: boolean): object[] {
  const owner = task.owner ? ` · ${mrkdwn(task.owner)}` : '';
  const blocks: object[] = [section(`${link(task.url, task.title)}\n${mrkdwn(task.due)}${owner}`)];
  if (buttons && task.actions) {
    const button = (actionId: string, text: string, style?: 'primary') => ({
      type: 'button',
      action_id: actionId,
      text: { type: 'plain_text', text },
      value: task.id,
      ...(style ? { style } : {}),
    });
    blocks.push({
      type: 'actions',
      block_id: taskBlockId(task.id),
      elements: [
        button(TASK_DONE, 'Done, check again', 'primary'),
        button(TASK_SNOOZE, 'Snooze a week'),
      ],
    });
  }
  return blocks;
}

/**
 * The message of a card: `text` (what the notification shows, and what clients without blocks
 * show) and the blocks. `buttons` false leaves every button out (a channel's summary).
 */
export function nudgeMessage(
  card: NudgeCard,
  buttons: boolean,
): { text: string; blocks: object[] } {
  const shown = card.tasks.slice(0, MAX_TASKS);
  const more = card.tasks.length - shown.length;
  const moreText = more > 0 ? `…and ${more} more. ` : '';
  return {
    text: `${card.title}: ${card.intro}`,
    blocks: [
      section(`*${mrkdwn(card.title)}*\n${mrkdwn(card.intro)}`),
      ...shown.flatMap((task) => taskBlocks(task, buttons)),
      section(`${mrkdwn(moreText)}${link(card.moreUrl, card.moreLabel)}`),
    ],
  };
}
