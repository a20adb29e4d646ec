// The providers Castellan connects to: the one list the server's adapters, the integration
// ids, the evidence sources, the web app's cards, the trust center and the fakes derive from.
// A new provider is one line in PROVIDER_IDS and its entry in PROVIDERS. Free of the schemas, so
// the web app imports it as `@castellan/contract/providers` without zod.

export const PROVIDER_IDS = ['gws', 'm365', 'meta', 'aws', 'bitwarden'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** One field of a key-connect form (a provider connected with a pasted key, not a consent). */
export type ConnectField = {
  /** The credential's name, as the server's provider reads it. */
  name: string;
  label: string;
  /** Where in the provider's own console the administrator finds it. */
  description: string;
  /** Typed like a password: never shown again, never sent back. */
  secret: boolean;
  required: boolean;
  /** What a value must look like, and what the form says otherwise. */
  pattern?: { regex: string; message: string };
  /** A choice among these values (the first is the default) instead of typed text. */
  options?: readonly { value: string; label: string }[];
};

/** How an administrator connects a provider. */
export type ConnectKind =
  | {
      /** The connect flow's server paths, under `/api` (spec §7 fixes where each starts). */
      start: string;
      /** Where the provider sends the browser back, with a one-time code in the query. */
      callback: string;
      /**
       * 'redirect': the browser leaves for the provider, and the server sends it back to
       * /integrations?<id>=true. 'popup': the flow runs in a window over the page, which asks for
       * the statuses again once that window has closed.
       */
      opens: 'redirect' | 'popup';
      /** The page a popup flow ends on. */
      landing?: string;
    }
  | {
      /** A form over the page: the key is sent to `POST /api/integrations/<id>/connect`. */
      opens: 'form';
      fields: readonly ConnectField[];
    };

export type ProviderInfo = {
  name: string;
  /** The provider's part of API paths (`/api/integrations/<slug>/…`). */
  slug: string;
  /** What the connect flow asks for (read-only wherever the provider allows). */
  scopes: readonly string[];
  /**
   * Asked for too, but a grant without them still works: what they read is unknown until an
   * administrator reconnects (added after the first organisations connected).
   */
  optionalScopes?: readonly string[];
  connect: ConnectKind;
  /**
   * An office suite: it shares the members' sign-in with the other, and reports on their
   * devices (under this name) and the outside apps they let in.
   */
  suite?: { workspace: 'google' | 'microsoft'; devices: string };
};

const GOOGLE_AUTH = 'https://www.googleapis.com/auth/';
const GRAPH = 'https://graph.microsoft.com/';

export const PROVIDERS = {
  gws: {
    name: 'Google Workspace',
    slug: 'google-workspace',
    scopes: [
      `${GOOGLE_AUTH}admin.directory.user.readonly`,
      `${GOOGLE_AUTH}admin.directory.orgunit.readonly`,
      `${GOOGLE_AUTH}admin.reports.audit.readonly`,
      `${GOOGLE_AUTH}admin.reports.usage.readonly`,
      `${GOOGLE_AUTH}cloud-identity.policies.readonly`,
    ],
    optionalScopes: [
      `${GOOGLE_AUTH}admin.directory.user.security`,
      `${GOOGLE_AUTH}admin.directory.device.mobile.readonly`,
      `${GOOGLE_AUTH}admin.directory.device.chromeos.readonly`,
      `${GOOGLE_AUTH}apps.licensing`,
    ],
    suite: { workspace: 'google', devices: 'Google' },
    connect: {
      start: '/google/integrate',
      callback: '/google/integrate/callback',
      opens: 'redirect',
    },
  },
  m365: {
    name: 'Microsoft 365',
    slug: 'microsoft-365',
    // Reports.Read.All is left out: only the usage reports need it, and nothing reads them.
    scopes: [
      'openid',
      'profile',
      'offline_access',
      ...['User.Read.All', 'AuditLog.Read.All', 'Policy.Read.All', 'Directory.Read.All'].map(
        (s) => GRAPH + s,
      ),
    ],
    optionalScopes: [`${GRAPH}DeviceManagementManagedDevices.Read.All`],
    suite: { workspace: 'microsoft', devices: 'Intune' },
    connect: {
      start: '/microsoft/integration',
      callback: '/microsoft/integration/callback',
      opens: 'redirect',
    },
  },
  meta: {
    name: 'Meta',
    slug: 'meta',
    scopes: ['business_management'],
    connect: {
      start: '/facebook/auth',
      callback: '/facebook/callback',
      opens: 'popup',
      landing: '/facebook-success',
    },
  },
  aws: {
    name: 'Amazon Web Services',
    slug: 'aws',
    // Not an OAuth scope: the AWS-managed policy the key's user or role must hold (read-only).
    scopes: ['arn:aws:iam::aws:policy/SecurityAudit'],
    connect: {
      opens: 'form',
      fields: [
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
    },
  },
  bitwarden: {
    name: 'Bitwarden',
    slug: 'bitwarden',
    scopes: ['api.organization'],
    connect: {
      opens: 'form',
      fields: [
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
    },
  },
} as const satisfies Readonly<Record<ProviderId, ProviderInfo>>;

export const isProviderId = (id: string): id is ProviderId =>
  (PROVIDER_IDS as readonly string[]).includes(id);

/** id → what `of` says of each provider. */
export const byProvider = <T>(of: (id: ProviderId, info: ProviderInfo) => T) =>
  Object.fromEntries(PROVIDER_IDS.map((id) => [id, of(id, PROVIDERS[id])])) as Record<
    ProviderId,
    T
  >;

/** The path of one of a provider's own endpoints: `/integrations/<slug>/<rest>`. */
export const providerPath = <Id extends ProviderId, const Rest extends string>(
  id: Id,
  rest: Rest,
) =>
  `/integrations/${PROVIDERS[id].slug}/${rest}` as `/integrations/${(typeof PROVIDERS)[Id]['slug']}/${Rest}`;

/** What a provider's connect flow asks for: the scopes it needs, then those a grant may lack. */
export const requestedScopes = (id: ProviderId): readonly string[] => {
  const info: ProviderInfo = PROVIDERS[id];
  return [...info.scopes, ...(info.optionalScopes ?? [])];
};

/** The office suites among the providers. */
export type SuiteProviderId = {
  [K in ProviderId]: (typeof PROVIDERS)[K] extends { suite: object } ? K : never;
}[ProviderId];

export const SUITE_PROVIDER_IDS = PROVIDER_IDS.filter(
  (id) => (PROVIDERS[id] as ProviderInfo).suite !== undefined,
) as readonly SuiteProviderId[];

/** What an office suite is, as its provider entry says. */
export const suiteInfo = (id: SuiteProviderId) =>
  (PROVIDERS[id] as ProviderInfo).suite as NonNullable<ProviderInfo['suite']>;

/** Who reports on devices: the endpoint agent, and the suites' device management. */
export const DEVICE_SOURCES = ['agent', ...SUITE_PROVIDER_IDS] as readonly [
  'agent',
  ...SuiteProviderId[],
];
export type DeviceSource = (typeof DEVICE_SOURCES)[number];
export const DEVICE_SOURCE_NAMES = Object.fromEntries([
  ['agent', 'Agent'],
  ...SUITE_PROVIDER_IDS.map((id) => [id, suiteInfo(id).devices]),
]) as Record<DeviceSource, string>;
