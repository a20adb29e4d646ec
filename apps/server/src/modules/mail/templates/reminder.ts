import { type Link, type Mail, renderMail } from './render';

export type ReminderInput = {
  firstName: string;
  organization: string;
  openCount: number;
  /** The most important open tasks, with their links. */
  tasks: Link[];
  tasksUrl: string;
  unsubscribeUrl: string;
  /** The administrator who sent it by hand; absent for the weekly reminder. */
  sentBy?: string;
};

export const reminderMail = (input: ReminderInput) =>
  renderMail({
    subject:
      input.openCount === 1
        ? 'One security task is waiting for you'
        : `${input.openCount} security tasks are waiting for you`,
    title: input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    blocks: [
      ...(input.sentBy
        ? [{ type: 'paragraph' as const, text: `${input.sentBy} asked you to take a look.` }]
        : []),
      {
        type: 'paragraph',
        text: `You have ${input.openCount === 1 ? 'one open task' : `${input.openCount} open tasks`} in Castellan. Each one done raises ${input.organization}'s cyber score. The most important:`,
      },
      { type: 'list', items: input.tasks.map((link) => ({ text: link.label, link })) },
      { type: 'button', link: { label: 'See all your tasks', url: input.tasksUrl } },
    ],
    footer: {
      text: input.sentBy
        ? `A reminder ${input.sentBy} sent from ${input.organization}'s Castellan.`
        : `A weekly reminder from ${input.organization}'s Castellan.`,
      link: { label: 'Stop these reminders', url: input.unsubscribeUrl },
    },
  } satisfies Mail);
