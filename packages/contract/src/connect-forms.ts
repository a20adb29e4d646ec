// The fields of the providers connected with a pasted key (`connect.opens: 'form'`): what the
// form asks and how the server checks it. Apart from the providers' list, so that the pages
// that only name the providers do not load them. A key-connect provider adds its line here.
import type { ConnectField, ProviderId } from './providers';

/**
 * A Teams workflow's address: https, or http to this machine for a local fake; the server then
 * checks that its host is Microsoft's (or the fake's).
 */
const TEAMS_WORKFLOW_ADDRESS = {
  regex: '^(https://[^\\s/]+/|http://(127\\.0\\.0\\.1|localhost)(:\\d+)?/)\\S+$',
  message: 'Paste the whole address the workflow shows, starting with https://.',
};

export const CONNECT_FORMS = {
  aws: [
    {
      name: 'accessKeyId',
      label: 'Access key ID',
      description:
        'Of an IAM user made for Castellan with only the SecurityAudit policy (IAM → Users → Security credentials).',
      secret: false,
      required: true,
      pattern: {
        regex: '^(AKIA|ASIA)[A-Z0-9]{16}$',
        message: 'An access key ID is 20 capital letters and digits starting with AKIA.',
      },
    },
    {
      name: 'secretAccessKey',
      label: 'Secret access key',
      description: 'Shown once by AWS when the access key is created.',
      secret: true,
      required: true,
      pattern: {
        regex: '^[A-Za-z0-9/+=]{40}$',
        message: 'A secret access key is 40 characters of letters, digits, / + and =.',
      },
    },
    {
      name: 'roleArn',
      label: 'Role to assume (optional)',
      description:
        'When the key may only assume a role with the SecurityAudit policy: its ARN, arn:aws:iam::<account>:role/<name>.',
      secret: false,
      required: false,
      pattern: {
        regex: '^arn:aws:iam::\\d{12}:role/[\\w+=,.@/-]{1,512}$',
        message: 'A role ARN looks like arn:aws:iam::123456789012:role/CastellanAudit.',
      },
    },
    {
      name: 'externalId',
      label: 'External ID (optional)',
      description: 'The external ID the role’s trust policy asks for, if any.',
      secret: false,
      required: false,
      pattern: {
        regex: '^[\\w+=,.@:/-]{2,1224}$',
        message: 'An external ID is 2–1224 letters, digits or + = , . @ : / -.',
      },
    },
    {
      name: 'region',
      label: 'Main region',
      description:
        'Where the account’s trails are read from; a multi-region trail shows in every region.',
      secret: false,
      required: false,
      pattern: {
        regex: '^[a-z]{2}(-[a-z]+)+-\\d$',
        message: 'A region looks like eu-west-1 or us-east-1.',
      },
    },
  ],
  bitwarden: [
    {
      name: 'clientId',
      label: 'Client ID',
      description:
        'Admin Console → Settings → Organization info → API key (Teams and Enterprise plans).',
      secret: false,
      required: true,
      pattern: {
        regex: '^organization\\.[0-9a-fA-F-]{36}$',
        message:
          'The organisation’s client ID looks like organization.<36 characters>; a personal key (user.…) does not work.',
      },
    },
    {
      name: 'clientSecret',
      label: 'Client secret',
      description: 'Shown beside the client ID after you confirm your master password.',
      secret: true,
      required: true,
    },
    {
      name: 'region',
      label: 'Bitwarden server',
      description: 'Where your organisation’s vault lives.',
      secret: false,
      required: true,
      options: [
        { value: 'us', label: 'bitwarden.com (United States)' },
        { value: 'eu', label: 'bitwarden.eu (European Union)' },
      ],
    },
  ],
  teams: [
    {
      name: 'channelWebhook',
      label: 'Channel workflow address',
      description:
        'In the Teams channel: ⋯ → Workflows → "Send webhook alerts to a channel"; once the workflow is saved, copy the address it shows.',
      secret: true,
      required: true,
      pattern: TEAMS_WORKFLOW_ADDRESS,
    },
    {
      name: 'directWebhook',
      label: 'Direct message workflow address (optional)',
      description:
        'To send people their own reminders: a workflow "When a Teams webhook request is received" → "Post card in a chat or channel" as the Flow bot to the person in the request’s recipient field (see Castellan’s help).',
      secret: true,
      required: false,
      pattern: TEAMS_WORKFLOW_ADDRESS,
    },
  ],
} as const satisfies Partial<Record<ProviderId, readonly ConnectField[]>>;

/** The fields of a provider's connect form, or null when it connects another way. */
export const connectFormOf = (id: string): readonly ConnectField[] | null =>
  Object.hasOwn(CONNECT_FORMS, id) ? CONNECT_FORMS[id as keyof typeof CONNECT_FORMS] : null;
