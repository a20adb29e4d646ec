import { type Endpoint, type EndpointName, endpoints } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPartnerOrganization,
  EMPTY_BASELINE,
  linkPartner,
  OLIVIA,
  PAUL,
} from '../test/partner-organization';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../test/test-app';
import { users } from './db/schema';

/** The partner console's calls: about the partner's own clients, wherever its person works. */
const CONSOLE: readonly EndpointName[] = [
  'listPartnerClients',
  'partnerOverview',
  'partnerOverviewCsv',
  'listBaselines',
];

/** Replaced by a user's id when sent. */
const ID = '{id}';
const SOME_ID = '00000000-0000-4000-8000-0000000000ab';
type Example = { params?: Record<string, string>; query?: string; body?: object };
/** What a call needs beyond its declaration to get past validation (a user id as `{id}`). */
const examples: Partial<Record<EndpointName, Example>> = {
  updateProfile: { body: { firstName: 'A', lastName: 'B' } },
  endSession: { params: { id: ID } },
  updateMainTour: { body: { currentStepId: 0, status: 'started' } },
  startMainTour: { body: { steps: [{ routePath: '/dashboard', elementId: null }] } },
  markActionComplete: { body: { taskId: `enable-mfa:${ID}` } },
  startPublicScan: { body: { domain: '' } },
  getPublicScan: { params: { domain: 'example.com' } },
  inviteMember: { body: { email: 'new.person@brightwave.example' } },
  changeMemberRole: { params: { id: ID }, body: { role: 'user' } },
  removeMember: { params: { id: ID } },
  resendInvitation: { params: { id: ID } },
  sendTeamReminders: { body: { to: ID } },
  updateOrganizationMail: {
    body: { invitations: true, reminders: false, digest: true, integrationAlerts: true },
  },
  updateOwnMail: { body: { reminders: true, digest: true } },
  updateNudgeSettings: { body: { enabled: true, channel: 'email' } },
  setTaskEscalation: { body: { taskId: `enable-mfa:${ID}`, escalate: false } },
  setOwnTimeZone: { body: { timeZone: 'Europe/London' } },
  attestTask: { body: { taskId: `enable-mfa:${ID}` } },
  getAttestations: { query: `?taskId=enable-mfa:${ID}` },
  setReattestation: { body: { taskId: `enable-mfa:${ID}`, months: 6 } },
  getReadiness: { params: { set: 'insurance' } },
  createReportShare: { body: {} },
  revokeReportShare: { params: { id: SOME_ID } },
  getSharedReport: { params: { token: 'x'.repeat(43) } },
  consentToPhishing: { body: { confirm: true } },
  createPhishingCampaign: { body: { templateId: 'invoice', everyone: true, windowHours: 1 } },
  getPhishingCampaign: { params: { id: SOME_ID } },
  getPractice: { params: { token: 'x'.repeat(43) } },
  openPractice: { params: { token: 'x'.repeat(43) } },
  submitPractice: { params: { token: 'x'.repeat(43) } },
  finishPracticeLesson: { params: { token: 'x'.repeat(43) } },
  invitePartner: { body: { domain: 'nobody.example', role: 'admin' } },
  changePartnerRole: {
    params: { id: '00000000-0000-4000-8000-0000000000ab' },
    body: { role: 'viewer' },
  },
  endPartnerLink: { params: { id: SOME_ID } },
  acceptPartnerInvitation: { params: { id: SOME_ID } },
  leavePartnerClient: { params: { id: SOME_ID } },
  openPartnerClient: { params: { id: SOME_ID } },
  setWatchSettings: { body: { frequency: 'weekly' } },
  addWatchTarget: { body: { name: 'not a domain' } },
  removeWatchTarget: { params: { id: SOME_ID } },
  scanWatchTarget: { params: { id: SOME_ID } },
  unsubscribe: { query: '?token=x' },
  disconnectIntegration: { params: { id: 'aws' } },
  syncIntegration: { params: { id: 'gws' } },
  connectWithKey: { params: { id: 'bitwarden' }, body: { credentials: {} } },
  startImpersonation: { body: { userId: '00000000-0000-4000-8000-000000000001' } },
  addToAllowList: { body: [{ type: 'domain', value: 'partner.example' }] },
  removeFromAllowList: { body: [{ type: 'domain', value: 'partner.example' }] },
  requestAllowListEntry: { body: { type: 'domain', value: 'partner.example' } },
  approveAllowListEntry: { body: { type: 'domain', value: 'partner.example' } },
  denyAllowListEntry: { body: { type: 'domain', value: 'partner.example' } },
  approveConnectedApp: {
    body: { suite: 'google', clientId: '1234-abc.apps.googleusercontent.com' },
  },
  unapproveConnectedApp: {
    body: { suite: 'google', clientId: '1234-abc.apps.googleusercontent.com' },
  },
  enableMetaMfa: { body: { businessId: '1000000000000001' } },
  updateTrustedDomains: { body: { trustedDomains: ['partner.example'] } },
  openCustomerPortal: { query: '?return_url=%2Ftasks' },
  getOrganizationTrustPage: { params: { domain: 'brightwave.example' } },
  enrollAgentDevice: {
    body: {
      code: 'AAAA-BBBB-CCCC',
      device: { name: 'PC', platform: 'linux', osVersion: '6.1', agentVersion: '0.1.0' },
    },
  },
  sendAgentReport: {
    body: {
      reportedAt: '2026-01-01T00:00:00.000Z',
      checks: [{ id: 'firewall', verdict: 'pass', evidence: 'On.' }],
    },
  },
  removeAgentDevice: { params: { id: SOME_ID } },
  checkAgentDeviceNow: { params: { id: SOME_ID } },
  createBaseline: { body: { name: 'Office', settings: EMPTY_BASELINE } },
  updateBaseline: { params: { id: SOME_ID }, body: { name: 'Office', settings: EMPTY_BASELINE } },
  deleteBaseline: { params: { id: SOME_ID } },
  applyBaseline: { params: { id: SOME_ID }, body: { linkIds: [SOME_ID] } },
  updateTrustPageSettings: {
    body: { published: false, showDomainReport: true, showCyberScore: true, practices: [] },
  },
};

/**
 * /api routes outside `endpoints`: the sign-in and connect redirects, Stripe's webhook and Slack's
 * button presses (signed, in their own formats), the agent's files and install scripts, and the
 * OpenAPI document.
 */
const undeclared = [
  'GET /api/auth/:provider/login',
  'GET /api/auth/:provider/callback',
  'GET /api/google/integrate',
  'GET /api/google/integrate/callback',
  'GET /api/microsoft/integration',
  'GET /api/microsoft/integration/callback',
  'GET /api/facebook/auth',
  'GET /api/facebook/callback',
  'POST /api/stripe/webhook',
  'GET /api/slack/install',
  'GET /api/slack/install/callback',
  'POST /api/integrations/slack/interactions',
  'GET /api/agent/download/:target',
  'GET /api/agent/install.sh',
  'GET /api/agent/install.ps1',
  'POST /api/attachments',
  'GET /api/attachments/:id',
  'GET /api/reports/assurance.pdf',
  'GET /api/reports/assurance.html',
  'GET /api/shared-reports/:token/pdf',
  'GET /api/trust-center/:domain/badge.svg',
  'GET /api/docs',
];

type Call = { name: EndpointName; method: Endpoint['method']; path: string; body?: object };
const calls: (Call & Pick<Endpoint, 'access'>)[] = Object.entries(endpoints).map(([name, e]) => {
  const example = examples[name as EndpointName] ?? {};
  const path = e.path.replace(/:(\w+)/g, (_, param: string) => {
    const value = example.params?.[param];
    if (value === undefined) throw new Error(`examples.${name} names no ${param}`);
    return value;
  });
  return {
    name: name as EndpointName,
    method: e.method,
    path: `/api${path}${example.query ?? ''}`,
    access: e.access,
    ...(example.body ? { body: example.body } : {}),
  };
});

/**
 * Each method and path in Fastify's printed route tree (HEAD, which GET brings, left out). A
 * segment may go on from its parent's without a slash (`/enroll` then `ment-codes`).
 */
function servedRoutes(tree: string): string[] {
  const branch: string[] = [];
  return tree.split('\n').flatMap((line) => {
    const match = /^([│├└─ ]*)(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) return [];
    const [, indent = '', segment = '', methods = ''] = match;
    branch.length = indent.length / 4 - 1;
    branch.push(segment);
    const path = branch.join('');
    return methods
      .split(', ')
      .filter((m) => m !== 'HEAD' && m !== '-' && m !== '')
      .map((m) => `${m} ${path}`);
  });
}

describe.each(databaseKinds())('access control and tenant isolation on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const idOf = async (email: string) => {
    const [row] = await server()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const send = async (call: Call, cookie?: string, id?: string) => {
    const named = id ?? (await idOf(BEN));
    return server().inject({
      method: call.method,
      url: call.path.replace(ID, named),
      headers: cookie ? { cookie } : {},
      ...(call.body ? { payload: JSON.parse(JSON.stringify(call.body).replace(ID, named)) } : {}),
    });
  };

  it('answers 401 to anonymous callers of every endpoint that needs a session', async () => {
    const needSession = calls.filter((c) => c.access !== 'public' && c.access !== 'session');
    expect(needSession.length).toBeGreaterThan(0);
    for (const call of needSession) {
      expect(expectError(await send(call), 401), call.name).toBeTruthy();
    }
  });

  it('answers 403 to members calling administrators’ and staff endpoints', async () => {
    const cookie = await server().signIn(BEN);
    for (const call of calls.filter((c) => c.access === 'admin' || c.access === 'staff')) {
      expectError(await send(call, cookie, await idOf(ALICE)), 403);
    }
  });

  it('lets members read everything signed-in users may see, the company status included', async () => {
    const cookie = await server().signIn(BEN);
    const reads = calls.filter((c) => c.access === 'user' && c.method === 'GET');
    expect(reads.map((c) => c.path)).toContain('/api/list-employees');
    for (const call of reads) {
      // The workspace's figures answer 409 until Google Workspace is connected.
      const expected =
        call.path.includes('/google-workspace/') && !call.path.endsWith('allow-list');
      expect((await send(call, cookie)).statusCode, call.name).toBe(expected ? 409 : 200);
    }
  });

  it('answers 403 to administrators calling staff endpoints', async () => {
    const cookie = await server().signIn(ALICE);
    for (const call of calls.filter((c) => c.access === 'staff'))
      expectError(await send(call, cookie), 403);
  });

  it('answers 404 when an administrator names a user of another organisation', async () => {
    const cookie = await server().signIn(ALICE);
    const noah = await idOf(NOAH);
    for (const call of calls.filter((c) => JSON.stringify(c).includes(ID))) {
      expectError(await send(call, cookie, noah), 404);
    }
    // Noah is untouched and still an admin of his own organisation.
    const own = await server().inject({
      url: '/api/users',
      headers: { cookie: await server().signIn(NOAH) },
    });
    expect(own.json().members).toEqual([expect.objectContaining({ email: NOAH, role: 'admin' })]);
  });

  it('shows each organisation only its own people and organisation', async () => {
    const alice = await server().signIn(ALICE);
    const members = (
      await server().inject({ url: '/api/users', headers: { cookie: alice } })
    ).json().members;
    expect(members.length).toBeGreaterThanOrEqual(10);
    expect(members.every((m: { email: string }) => m.email.endsWith('@brightwave.example'))).toBe(
      true,
    );
    const noahOrg = await server().inject({
      url: '/api/organization',
      headers: { cookie: await server().signIn(NOAH) },
    });
    expect(noahOrg.json().domain).toBe('northfield.example');
  });

  describe("a partner's administrator working in one client", () => {
    let paul = '';
    /** Paul's firm looks after Brightwave (as administrator) and Tidewater (read-only). */
    beforeAll(async () => {
      await addPartnerOrganization(server());
      paul = await server().signIn(PAUL);
      const alice = await linkPartner(
        server(),
        { client: await server().signIn(ALICE), paul },
        'admin',
      );
      await linkPartner(server(), { client: await server().signIn(OLIVIA), paul }, 'viewer');
      await server().inject({
        method: 'POST',
        url: `/api/partner/clients/${alice}/open`,
        headers: { cookie: paul },
      });
    });

    it('reads every endpoint of the client it opened, and nothing of the other client or any other organisation', async () => {
      const reads = calls.filter(
        (c) => (c.access === 'user' || c.access === 'admin') && c.method === 'GET',
      );
      const leaks: string[] = [];
      const alice = await server().signIn(ALICE);
      for (const call of reads) {
        const res = await send(call, paul);
        // As the client's own administrator is answered (a suite it does not use: 409).
        const own = await send(call, alice);
        if (res.statusCode !== own.statusCode) {
          leaks.push(
            `${call.name} answered ${res.statusCode}, its own administrator ${own.statusCode}`,
          );
        }
        // The console's own calls list the partner's clients: the one place another client is named.
        const others = CONSOLE.includes(call.name) ? [] : ['tidewater', 'northfield'];
        for (const other of others)
          if (res.body.includes(other)) leaks.push(`${call.name}: ${other}`);
      }
      expect(reads.length).toBeGreaterThan(40);
      expect(leaks).toEqual([]);
    });

    it('keeps what is its own (its mail, its time zone) in its own organisation', async () => {
      const mail = await server().inject({
        method: 'PUT',
        url: '/api/settings/notifications/own',
        headers: { cookie: paul },
        payload: { reminders: false, digest: true },
      });
      expect(mail.statusCode, mail.body).toBe(200);
      expect(mail.json().own).toEqual({ reminders: false, digest: true });
      const zone = await server().inject({
        method: 'PUT',
        url: '/api/settings/time-zone',
        headers: { cookie: paul },
        payload: { timeZone: 'Europe/Paris' },
      });
      expect(zone.statusCode, zone.body).toBe(200);
    });

    it('answers 404 when it names a user of its other client, or of any other organisation', async () => {
      const olivia = await idOf(OLIVIA);
      const noah = await idOf(NOAH);
      for (const call of calls.filter((c) => JSON.stringify(c).includes(ID))) {
        expectError(await send(call, paul, olivia), 404);
        expectError(await send(call, paul, noah), 404);
      }
    });
  });

  it('serves exactly the declared endpoints under /api, besides the sign-in redirects and /docs', () => {
    const served = servedRoutes(server().app.printRoutes({ commonPrefix: false })).filter((r) =>
      r.includes(' /api/'),
    );
    expect(served.length).toBeGreaterThan(0);
    const declared = Object.values(endpoints).map((e) => `${e.method} /api${e.path}`);
    expect(served.sort()).toEqual([...declared, ...undeclared].sort());
  });
});
