import { type Mail, renderMail } from './render';

export type IntegrationAlertInput = {
  integration: string;
  organization: string;
  integrationsUrl: string;
};

export const integrationAlertMail = (input: IntegrationAlertInput) =>
  renderMail({
    subject: `${input.integration} is disconnected from Castellan`,
    title: `${input.integration} needs to be connected again`,
    blocks: [
      {
        type: 'paragraph',
        text: `Castellan can no longer read ${input.integration} for ${input.organization}: its access was revoked or has expired. Until it is connected again, the tasks it checks are not kept up to date.`,
      },
      { type: 'button', link: { label: 'Connect it again', url: input.integrationsUrl } },
    ],
    footer: { text: `Sent once to the administrators of ${input.organization}.` },
  } satisfies Mail);
