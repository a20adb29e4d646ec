// The integrations API as the contract declares it, answered in the browser with page.route: a
// small in-memory stand-in for the server's integrations module, so the page's states can be
// shaped and the calls it makes read back.
import type {
  AllowListGroups,
  AllowListResponse,
  ExternalShare,
  Integration,
  IntegrationId,
  IntegrationsResponse,
  StaleUser,
} from '@castellan/contract';
import type { Page, Request, Route } from '@playwright/test';
import { json } from './helpers';

export const ORG = 'brightwave.example';
export const ADMIN_EMAIL = `alice.morgan@${ORG}`;
export const MEMBER_EMAIL = `ben.carter@${ORG}`;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const daysAgo = (days: number) => hoursAgo(days * 24);

type Card = Pick<Integration, 'name' | 'description' | 'securityChecks'>;

/** A check as a provider declares it, before any sync: no result yet. */
const check = (
  key: string,
  name: string,
  description: string,
  taskId: string | null = null,
): Integration['securityChecks'][number] => ({
  key,
  name,
  description,
  enabled: true,
  result: 'unknown',
  checkedAt: null,
  detail: null,
  taskId,
});

/** Spec §3: names, descriptions and security checks of every integration. */
export const CARDS: Record<IntegrationId, Card> = {
  gws: {
    name: 'Google Workspace',
    description: 'Checks the accounts, sign-in security and sharing of your Google Workspace.',
    securityChecks: [
      check('member-2sv', 'MFA Status Check', 'Verifies MFA is enabled for all users.'),
      check(
        '2sv-enforced',
        'MFA Available and Enforced',
        'Verifies MFA can be used and is enforced.',
      ),
    ],
  },
  m365: {
    name: 'Microsoft 365',
    description: 'Checks the accounts and sign-in security of your Microsoft 365.',
    securityChecks: [],
  },
  meta: {
    name: 'Meta',
    description: 'Checks the Facebook and Instagram business accounts of your organisation.',
    securityChecks: [
      check(
        'business-2fa-required',
        'MFA Enforcement',
        'Verify MFA is enforced for all business users.',
      ),
    ],
  },
  aws: { name: 'AWS', description: 'Amazon Web Services accounts.', securityChecks: [] },
  azure: { name: 'Azure', description: 'Microsoft Azure subscriptions.', securityChecks: [] },
  gcp: { name: 'Google Cloud', description: 'Google Cloud projects.', securityChecks: [] },
  notion: { name: 'Notion', description: 'Notion workspaces.', securityChecks: [] },
  '1password': { name: '1Password', description: '1Password business vaults.', securityChecks: [] },
  bitwarden: { name: 'Bitwarden', description: 'Bitwarden organisations.', securityChecks: [] },
  slack: { name: 'Slack', description: 'Nudges in Slack.', securityChecks: [] },
  teams: { name: 'Microsoft Teams', description: 'Nudges in Teams.', securityChecks: [] },
  wordpress: { name: 'WordPress', description: 'WordPress sites.', securityChecks: [] },
  squarespace: { name: 'Squarespace', description: 'Squarespace sites.', securityChecks: [] },
};

export const INTEGRATION_IDS = Object.keys(CARDS) as IntegrationId[];
export const COMING_SOON: IntegrationId[] = [
  'aws',
  'azure',
  'gcp',
  'notion',
  '1password',
  'bitwarden',
  'wordpress',
  'squarespace',
];

/** What a server without the provider's client says of Microsoft 365 and Meta. */
export const NOT_SET_UP =
  'This server has no client set up for it yet; ask whoever runs Castellan to add one.';

export function integration(id: IntegrationId, patch: Partial<Integration> = {}): Integration {
  return {
    id,
    ...CARDS[id],
    logo: `/integrations/${id}.svg`,
    status: COMING_SOON.includes(id) ? 'coming_soon' : 'available',
    lastScan: null,
    connectedSince: null,
    unavailableReason: id === 'm365' || id === 'meta' ? NOT_SET_UP : null,
    sync: { state: 'idle', error: null },
    lastSync: null,
    notInCastellan: null,
    ...patch,
  };
}

/** Google Workspace connected a week ago, last synced two hours ago. */
export const connectedGws = (patch: Partial<Integration> = {}) =>
  integration('gws', {
    status: 'connected',
    connectedSince: daysAgo(7),
    lastScan: hoursAgo(2),
    ...patch,
  });

export const STALE_USERS: StaleUser[] = [
  {
    firstName: 'Oscar',
    lastName: 'Lindqvist',
    fullName: 'Oscar Lindqvist',
    email: `oscar.lindqvist@${ORG}`,
    lastLoginTime: daysAgo(140),
  },
  {
    firstName: 'Temp',
    lastName: 'Intern',
    fullName: 'Temp Intern',
    email: `intern@${ORG}`,
    lastLoginTime: null,
  },
];

export const SHARES: ExternalShare[] = [
  {
    fileId: '1BudgetPlan2026xyz',
    title: 'Budget plan 2026',
    owner: MEMBER_EMAIL,
    sharedWith: { type: 'anyone' },
    sharedAt: daysAgo(3),
    allowed: false,
  },
  {
    fileId: '1PartnerContractAbc',
    title: 'Partner contract',
    owner: ADMIN_EMAIL,
    sharedWith: { type: 'domain', domain: 'partner.com' },
    sharedAt: daysAgo(10),
    allowed: true,
  },
];

const emptyGroups = (): AllowListGroups => ({ users: [], domains: [], files: [] });

export const allowList = (
  approved: Partial<AllowListGroups> = {},
  pending: Partial<AllowListGroups> = {},
): AllowListResponse => ({
  approved: { ...emptyGroups(), ...approved },
  pending: { ...emptyGroups(), ...pending },
});

/** One call the page made to the integrations API. */
export type Call = { method: string; path: string; body: unknown };

type Key = { type: 'user' | 'domain' | 'file'; value: string };
type Group = keyof AllowListGroups;
const GROUP: Record<Key['type'], Group> = { user: 'users', domain: 'domains', file: 'files' };
const entryValue = (group: Group, entry: Record<string, unknown>) =>
  String(group === 'users' ? entry.email : group === 'domains' ? entry.domain : entry.id);
const entryFor = (key: Key, extra: object = {}) =>
  key.type === 'user'
    ? { email: key.value, ...extra }
    : key.type === 'domain'
      ? { domain: key.value, ...extra }
      : { id: key.value, ...extra };

/**
 * The integrations module as far as the page sees it. Each test changes its fields to shape the
 * answers; `calls` lists what the page sent (allow-list changes and disconnects apply to it).
 */
export class FakeIntegrationsApi {
  integrations: IntegrationsResponse;
  staleUsers: StaleUser[] = STALE_USERS;
  superAdminCount = 3;
  shares: ExternalShare[] = SHARES;
  allowList: AllowListResponse = allowList();
  /** Who the next allow-list request comes from. */
  requester = MEMBER_EMAIL;
  /** Answers GET /api/integrations with this status instead, when set. */
  listFailure: { status: number; error: string } | null = null;
  readonly calls: Call[] = [];

  constructor(patches: Partial<Record<IntegrationId, Partial<Integration>>> = {}) {
    this.integrations = Object.fromEntries(
      INTEGRATION_IDS.map((id) => [id, integration(id, patches[id])]),
    ) as IntegrationsResponse;
  }

  /** The calls of a method and path (under /api), in the order sent. */
  sent(method: string, path: string): unknown[] {
    return this.calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
  }

  async install(page: Page): Promise<void> {
    await page.route(/\/api\/integrations(?:[/?]|$)/, (route) => this.answer(route));
  }

  private async answer(route: Route): Promise<void> {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^\/api/, '');
    const method = request.method();
    const body = bodyOf(request);
    this.calls.push({ method, path, body });
    const gws = '/integrations/google-workspace';

    if (method === 'GET' && path === '/integrations') {
      if (this.listFailure) {
        return json(route, this.listFailure.status, { error: this.listFailure.error });
      }
      return json(route, 200, this.integrations);
    }
    const byId = /^\/integrations\/([a-z0-9]+)(\/sync)?$/.exec(path);
    const id = byId?.[1] as IntegrationId | undefined;
    if (id && id in this.integrations) {
      const current = this.integrations[id];
      if (method === 'DELETE' && !byId?.[2]) {
        const next = integration(id);
        this.integrations = { ...this.integrations, [id]: next };
        return json(route, 200, next);
      }
      if (method === 'POST' && byId?.[2]) {
        const next = { ...current, sync: { state: 'queued' as const, error: null } };
        this.integrations = { ...this.integrations, [id]: next };
        return json(route, 202, { integration: next });
      }
    }
    const notConnected = this.integrations.gws.status !== 'connected';
    if (method === 'GET' && path === `${gws}/stale-users`) {
      if (notConnected) return json(route, 409, { error: 'Google Workspace is not connected.' });
      return json(route, 200, { staleUsers: this.staleUsers });
    }
    if (method === 'GET' && path === `${gws}/super-admin-count`) {
      if (notConnected) return json(route, 409, { error: 'Google Workspace is not connected.' });
      return json(route, 200, { count: this.superAdminCount });
    }
    if (method === 'GET' && path === `${gws}/external-shares`) {
      return json(route, 200, { shares: this.shares });
    }
    if (path === `${gws}/allow-list`) {
      const keys = (body ?? []) as Key[];
      for (const key of keys) {
        if (method === 'POST') this.approve(key);
        if (method === 'DELETE') this.drop('approved', key);
      }
      return json(route, 200, this.allowList);
    }
    if (method === 'POST' && path.startsWith(`${gws}/allow-list/`)) {
      const key = body as Key;
      const action = path.split('/').pop();
      if (action === 'request') {
        this.drop('pending', key);
        const group = GROUP[key.type];
        const asked = { requestedBy: this.requester, requestedAt: new Date().toISOString() };
        this.allowList.pending[group] = [
          ...this.allowList.pending[group],
          entryFor(key, asked),
        ] as never;
      }
      if (action === 'approve') this.approve(key);
      if (action === 'deny') this.drop('pending', key);
      return json(route, 200, this.allowList);
    }
    return json(route, 404, { error: `No such endpoint: ${method} /api${path}` });
  }

  private approve(key: Key): void {
    this.drop('pending', key);
    this.drop('approved', key);
    const group = GROUP[key.type];
    this.allowList.approved[group] = [...this.allowList.approved[group], entryFor(key)] as never;
    if (key.type === 'file') {
      this.shares = this.shares.map((s) => (s.fileId === key.value ? { ...s, allowed: true } : s));
    }
  }

  private drop(side: 'approved' | 'pending', key: Key): void {
    const group = GROUP[key.type];
    const list = this.allowList[side][group] as Record<string, unknown>[];
    this.allowList[side][group] = list.filter((e) => entryValue(group, e) !== key.value) as never;
  }
}

function bodyOf(request: Request): unknown {
  const text = request.postData();
  return text ? (JSON.parse(text) as unknown) : undefined;
}
