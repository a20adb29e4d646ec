// The providers Castellan connects to: the one list the server's adapters, the integration
// ids, the evidence sources, the web app's cards, the trust center and the fakes derive from.
// A new provider is one line in PROVIDER_IDS and its entry in PROVIDERS.

export const PROVIDER_IDS = ['gws', 'm365', 'meta'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export type ProviderInfo = {
  name: string;
  /** The provider's part of API paths (`/api/integrations/<slug>/…`). */
  slug: string;
  /** What the connect flow asks for (read-only wherever the provider allows). */
  scopes: readonly string[];
};

const GOOGLE_AUTH = 'https://www.googleapis.com/auth/';
const GRAPH = 'https://graph.microsoft.com/';

export const PROVIDERS: Readonly<Record<ProviderId, ProviderInfo>> = {
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
  },
  meta: { name: 'Meta', slug: 'meta', scopes: ['business_management'] },
};

export const isProviderId = (id: string): id is ProviderId =>
  (PROVIDER_IDS as readonly string[]).includes(id);

/** id → what `of` says of each provider. */
export const byProvider = <T>(of: (id: ProviderId, info: ProviderInfo) => T) =>
  Object.fromEntries(PROVIDER_IDS.map((id) => [id, of(id, PROVIDERS[id])])) as Record<
    ProviderId,
    T
  >;
