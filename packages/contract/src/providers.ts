// The providers Castellan connects to: the one list the server's adapters, the integration
// ids, the evidence sources, the web app's cards, the trust center and the fakes derive from.
// A new provider is one line in PROVIDER_IDS and its entry in PROVIDERS. Free of the schemas, so
// the web app imports it as `@castellan/contract/providers` without zod.

export const PROVIDER_IDS = ['gws', 'm365', 'meta', 'aws', 'bitwarden', 'slack', 'teams'] as const;
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
      /**
       * A form over the page: the key is sent to `POST /api/integrations/<id>/connect`. Its
       * fields are in `connect-forms.ts`, which only the form and the server load.
       */
      opens: 'form';
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
    },
  },
  bitwarden: {
    name: 'Bitwarden',
    slug: 'bitwarden',
    scopes: ['api.organization'],
    connect: {
      opens: 'form',
    },
  },
  slack: {
    name: 'Slack',
    slug: 'slack',
    // Bot scopes: find people by e-mail, open a direct message, post; the channel's webhook.
    scopes: ['chat:write', 'users:read', 'users:read.email', 'im:write', 'incoming-webhook'],
    connect: {
      start: '/slack/install',
      callback: '/slack/install/callback',
      opens: 'redirect',
    },
  },
  teams: {
    name: 'Microsoft Teams',
    slug: 'teams',
    // None: Teams is reached through the workflow addresses an administrator pastes.
    scopes: [],
    connect: {
      opens: 'form',
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
