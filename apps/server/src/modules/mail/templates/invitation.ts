import { type Mail, renderMail } from './render';

export type InvitationInput = {
  inviterName: string;
  /** The organisation, as Castellan names it: its domain. */
  organization: string;
  signInUrl: string;
};

export const invitationMail = (input: InvitationInput) =>
  renderMail({
    subject: `${input.inviterName} invited you to ${input.organization} on Castellan`,
    title: `You are invited to ${input.organization}`,
    blocks: [
      {
        type: 'paragraph',
        text: `${input.inviterName} invited you to join ${input.organization} on Castellan, where your organisation keeps its cyber security in order. Sign in with your work account to see the few tasks that keep everyone safe.`,
      },
      { type: 'button', link: { label: 'Sign in to Castellan', url: input.signInUrl } },
    ],
    footer: {
      text: `You receive this because an administrator of ${input.organization} added your address.`,
    },
  } satisfies Mail);
