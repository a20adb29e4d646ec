import type { NudgeCard } from '../../integrations/kit/nudge-channel';
import { type Mail, renderMail } from './render';

/** A nudge or an administrators' summary by e-mail: the same card Slack and Teams show. */
export const nudgeMail = (input: {
  card: NudgeCard;
  firstName: string;
  organization: string;
  unsubscribeUrl: string;
}) =>
  renderMail({
    subject: input.card.title,
    title: input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    blocks: [
      { type: 'paragraph', text: input.card.intro },
      {
        type: 'list',
        items: input.card.tasks.map((t) => ({
          text: `${t.title} (${t.owner ? `${t.owner}, ` : ''}${t.due})`,
          link: { label: t.title, url: t.url },
        })),
      },
      { type: 'button', link: { label: input.card.moreLabel, url: input.card.moreUrl } },
    ],
    footer: {
      text: `A daily nudge from ${input.organization}'s Castellan, sent on working days when tasks are due.`,
      link: { label: 'Stop these reminders', url: input.unsubscribeUrl },
    },
  } satisfies Mail);
