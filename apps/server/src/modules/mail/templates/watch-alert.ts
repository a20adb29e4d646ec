import { type Mail, renderMail } from './render';

export type WatchAlertInput = {
  organization: string;
  /** The watched name that changed. */
  name: string;
  summary: string;
  before: string | null;
  after: string | null;
  /** The task to open again, when the change concerns one. */
  task: { title: string; url: string } | null;
  timelineUrl: string;
};

export const watchAlertMail = (input: WatchAlertInput) =>
  renderMail({
    subject: `Something got worse on ${input.name}`,
    title: `A change on ${input.name} needs a look`,
    blocks: [
      { type: 'paragraph', text: input.summary },
      ...(input.before !== null
        ? [{ type: 'paragraph' as const, text: `Before: ${input.before}` }]
        : []),
      ...(input.after !== null
        ? [{ type: 'paragraph' as const, text: `Now: ${input.after}` }]
        : []),
      ...(input.task
        ? [
            {
              type: 'list' as const,
              items: [
                { text: input.task.title, link: { label: 'Open the task', url: input.task.url } },
              ],
            },
          ]
        : []),
      { type: 'button', link: { label: 'See what changed', url: input.timelineUrl } },
    ],
    footer: {
      text: `Castellan watches ${input.organization}'s domains and tells its administrators once about each change for the worse.`,
    },
  } satisfies Mail);
