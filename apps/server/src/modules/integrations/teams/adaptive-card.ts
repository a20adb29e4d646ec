// What Castellan posts to Teams: the message envelope the Workflows template ("Send webhook alerts
// to a channel") and the legacy connector both take, with one Adaptive Card 1.4 attachment
// (integrations-reference-2 §6.1). Buttons only open pages: a workflow address cannot receive a
// button press (that needs a bot), so a nudge's "Done, check again" stays a link to the task.
import type { NudgeCard, NudgeCardTask } from '../kit/nudge-channel';

/** Teams refuses a message over 28 KB (its run then fails, unseen by the caller). */
export const MAX_MESSAGE_BYTES = 28 * 1024;

type CardElement = Record<string, unknown>;
type OpenUrl = { type: 'Action.OpenUrl'; title: string; url: string };

export type TeamsMessage = {
  type: 'message';
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive';
      contentUrl: null;
      content: {
        $schema: string;
        type: 'AdaptiveCard';
        version: '1.4';
        fallbackText: string;
        body: CardElement[];
        actions: OpenUrl[];
      };
    },
  ];
  /** The person a direct-message workflow posts to (its request's `recipient` field). */
  recipient?: string;
};

/**
 * Text of ours or of people's names shown as it is: TextBlocks read Markdown, so its marks are
 * escaped (a name cannot become a link). That Teams honours the backslash is assumed [MEM].
 */
const plain = (text: string) => text.replace(/\s+/g, ' ').replace(/[\\*_[\]`~]/g, '\\$&');

const textBlock = (text: string, extra: CardElement = {}): CardElement => ({
  type: 'TextBlock',
  text: plain(text),
  wrap: true,
  ...extra,
});

const openUrl = (title: string, url: string): OpenUrl => ({ type: 'Action.OpenUrl', title, url });

/** The envelope of one adaptive card with these elements and buttons. */
export function adaptiveMessage(
  fallbackText: string,
  body: CardElement[],
  actions: OpenUrl[] = [],
): TeamsMessage {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          fallbackText,
          body,
          actions,
        },
      },
    ],
  };
}

/** What the connect form posts to the channel to try its address. */
export const connectedMessage = () =>
  adaptiveMessage('Castellan is connected to this channel', [
    textBlock('Castellan is connected to this channel', { weight: 'Bolder', size: 'Medium' }),
    textBlock('A daily summary of overdue security tasks will be posted here.'),
  ]);

/** "Turn on two-step login — due Thursday 3 December (Chloe Davies)", and its button. */
const taskElements = (task: NudgeCardTask): CardElement[] => [
  textBlock(`${task.title} — ${task.due}${task.owner ? ` (${task.owner})` : ''}`, {
    spacing: 'Medium',
  }),
  { type: 'ActionSet', actions: [openUrl(`Open: ${task.title}`, task.url)] },
];

/** What stands for the tasks left out, sending the reader to the button with everything. */
const more = (n: number, button: string) =>
  textBlock(`And ${n} more ${n === 1 ? 'task' : 'tasks'}: "${button}" shows every one.`, {
    isSubtle: true,
    spacing: 'Medium',
  });

const bytesOf = (message: TeamsMessage) => Buffer.byteLength(JSON.stringify(message));

/**
 * A nudge as a Teams message: its heading and sentence, each task with a button to its page, and
 * a button to the page with everything; `recipient` for a direct message. Tasks that would take the
 * message past 28 KB are left out, and it says how many.
 */
export function nudgeMessage(card: NudgeCard, recipient?: string): TeamsMessage {
  const button = card.moreLabel || 'Open all';
  const build = (shown: number) => {
    const left = card.tasks.length - shown;
    const message = adaptiveMessage(
      card.title,
      [
        textBlock(card.title, { weight: 'Bolder', size: 'Medium' }),
        textBlock(card.intro),
        ...card.tasks.slice(0, shown).flatMap(taskElements),
        ...(left > 0 ? [more(left, button)] : []),
      ],
      [openUrl(button, card.moreUrl)],
    );
    return recipient === undefined ? message : { ...message, recipient };
  };
  const full = build(card.tasks.length);
  if (bytesOf(full) <= MAX_MESSAGE_BYTES) return full;
  // The most tasks that fit, found by halving.
  let fits = 0;
  let tooMany = card.tasks.length;
  while (tooMany - fits > 1) {
    const mid = Math.floor((fits + tooMany) / 2);
    if (bytesOf(build(mid)) <= MAX_MESSAGE_BYTES) fits = mid;
    else tooMany = mid;
  }
  return build(fits);
}
