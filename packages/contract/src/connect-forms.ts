// The fields of the providers connected with a pasted key (`connect.opens: 'form'`): what the
// form asks and how the server checks it. Apart from the providers' list, so that the pages
// that only name the providers do not load them. A key-connect provider adds its line here.
import type { ConnectField, ProviderId } from './providers';

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
} as const satisfies Partial<Record<ProviderId, readonly ConnectField[]>>;

/** The fields of a provider's connect form, or null when it connects another way. */
export const connectFormOf = (id: string): readonly ConnectField[] | null =>
  Object.hasOwn(CONNECT_FORMS, id) ? CONNECT_FORMS[id as keyof typeof CONNECT_FORMS] : null;
