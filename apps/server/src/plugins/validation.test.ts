import { describe, expect, it } from 'vitest';
import { EMPTY_BASELINE } from '../../test/partner-organization';
import { ALICE, databaseKinds, expectError, useTestApp } from '../../test/test-app';
import { BODY_LIMIT_BYTES } from '../app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Endpoint = {
  method: Method;
  url: string;
  /** A valid body, where one is required (Fastify validates the body before the query). */
  body?: unknown;
  /** A body with a field of the wrong type, and the field the error must name. */
  wrongType?: [body: unknown, field: string];
  /** A body with an unknown `isAdmin` field, where `{ isAdmin: true }` is wrong anyway (an array). */
  unknownField?: unknown;
  /** Also takes an HTML form's content type (RFC 8058's one-click unsubscribe). */
  formBody?: true;
};

const now = new Date().toISOString();
const json = 'application/json';
/** A user id no organisation has; in a name it stands for the documented `{id}`. */
const SOME_USER = '00000000-0000-4000-8000-0000000000aa';
const ALLOW_LIST = '/api/integrations/google-workspace/allow-list';
const allowed = { type: 'domain', value: 'example.com' };
const AGENT_DEVICE = { name: 'PC', platform: 'linux', osVersion: '6.1', agentVersion: '0.1.0' };
/** A practice link's token no message has. */
const PRACTICE_TOKEN = 'a'.repeat(43);
const AGENT_CHECK = { id: 'firewall', verdict: 'pass', evidence: 'On.' };

/** Every API endpoint; the last test fails when a documented one is missing here. */
const endpoints: Endpoint[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/auth/user-data' },
  { method: 'POST', url: '/api/auth/logout', wrongType: [[1], 'body'] },
  { method: 'GET', url: '/api/auth/test-users' },
  {
    method: 'POST',
    url: '/api/auth/test-login',
    body: { email: ALICE },
    wrongType: [{ email: 5 }, 'body.email'],
  },
  { method: 'GET', url: '/api/organization' },
  { method: 'GET', url: '/api/setup-checklist' },
  { method: 'DELETE', url: '/api/organization', wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/docs' },
  { method: 'GET', url: '/api/app-config' },
  {
    method: 'POST',
    url: '/api/analytics/events',
    body: { events: [{ type: 'page_view', path: '/', occurredAt: now }] },
    wrongType: [{ events: 'x' }, 'body.events'],
  },
  {
    method: 'POST',
    url: '/api/client-errors',
    body: { message: 'boom', url: '/' },
    wrongType: [{ message: 5, url: '/' }, 'body.message'],
  },
  { method: 'GET', url: '/api/tours' },
  { method: 'GET', url: '/api/billing' },
  { method: 'GET', url: '/api/billing/summary' },
  { method: 'GET', url: '/api/customer-portal' },
  {
    method: 'POST',
    url: '/api/tours/main',
    body: { steps: [{ routePath: '/dashboard', elementId: 'welcome' }] },
    wrongType: [{ steps: 'all' }, 'body.steps'],
  },
  {
    method: 'PUT',
    url: '/api/tours/main',
    body: { currentStepId: 1, status: 'started' },
    wrongType: [{ currentStepId: 'two', status: 'started' }, 'body.currentStepId'],
  },
  { method: 'GET', url: '/api/actions' },
  {
    method: 'POST',
    url: '/api/mark-action-complete',
    body: { taskId: `enable-mfa:${SOME_USER}` },
    wrongType: [{ taskId: 5 }, 'body.taskId'],
  },
  {
    method: 'POST',
    url: '/api/tasks/not-applicable',
    body: { taskId: `enable-mfa:${SOME_USER}`, reason: 'We have no such thing' },
    wrongType: [{ taskId: `enable-mfa:${SOME_USER}`, reason: 5 }, 'body.reason'],
  },
  {
    method: 'DELETE',
    url: '/api/tasks/not-applicable',
    body: { taskId: `enable-mfa:${SOME_USER}` },
    wrongType: [{ taskId: 5 }, 'body.taskId'],
  },
  {
    method: 'POST',
    url: '/api/tasks/snooze',
    body: { taskId: `enable-mfa:${SOME_USER}`, days: 7 },
    wrongType: [{ taskId: `enable-mfa:${SOME_USER}`, days: '7' }, 'body.days'],
  },
  {
    method: 'DELETE',
    url: '/api/tasks/snooze',
    body: { taskId: `enable-mfa:${SOME_USER}` },
    wrongType: [{ taskId: 5 }, 'body.taskId'],
  },
  { method: 'GET', url: '/api/get-score' },
  { method: 'GET', url: '/api/list-employees' },
  { method: 'GET', url: '/api/users' },
  {
    method: 'POST',
    url: '/api/risk-analysis/public',
    body: { domain: 'example.com' },
    wrongType: [{ domain: 7 }, 'body.domain'],
  },
  { method: 'GET', url: '/api/risk-analysis/public/example.com' },
  { method: 'GET', url: '/api/risk-analysis' },
  { method: 'GET', url: '/api/risk-analysis/attack-graph' },
  { method: 'POST', url: '/api/risk-analysis', wrongType: [[1], 'body'] },
  { method: 'POST', url: '/api/registration/complete', wrongType: [[1], 'body'] },
  {
    method: 'POST',
    url: '/api/users',
    body: { email: 'new.person@brightwave.example' },
    wrongType: [{ email: 'new.person@brightwave.example', role: 7 }, 'body.role'],
  },
  {
    method: 'PATCH',
    url: `/api/users/${SOME_USER}`,
    body: { role: 'user' },
    wrongType: [{ role: true }, 'body.role'],
  },
  { method: 'DELETE', url: `/api/users/${SOME_USER}`, wrongType: ['yes', 'body'] },
  { method: 'POST', url: `/api/users/${SOME_USER}/invitation`, wrongType: [[1], 'body'] },
  { method: 'GET', url: '/api/settings/notifications' },
  {
    method: 'PUT',
    url: '/api/settings/notifications/organization',
    body: { invitations: true, reminders: true, digest: true, integrationAlerts: true },
    wrongType: [
      { invitations: 'yes', reminders: true, digest: true, integrationAlerts: true },
      'body.invitations',
    ],
  },
  {
    method: 'PUT',
    url: '/api/settings/notifications/own',
    body: { reminders: true, digest: true },
    wrongType: [{ reminders: 1, digest: true }, 'body.reminders'],
  },
  { method: 'GET', url: '/api/mail/messages' },
  { method: 'GET', url: '/api/nudges/settings' },
  { method: 'POST', url: '/api/nudges/test', wrongType: [[1], 'body'] },
  {
    method: 'PUT',
    url: '/api/nudges/settings',
    body: { enabled: true, channel: 'email' },
    wrongType: [{ enabled: true, channel: 'pigeon' }, 'body.channel'],
  },
  {
    method: 'PUT',
    url: '/api/tasks/escalation',
    body: { taskId: `enable-mfa:${SOME_USER}`, escalate: false },
    wrongType: [{ taskId: `enable-mfa:${SOME_USER}`, escalate: 'no' }, 'body.escalate'],
  },
  {
    method: 'POST',
    url: '/api/tasks/attest',
    body: { taskId: `enable-mfa:${SOME_USER}`, note: 'Done' },
    wrongType: [{ taskId: `enable-mfa:${SOME_USER}`, note: 7 }, 'body.note'],
  },
  { method: 'GET', url: `/api/tasks/attestations?taskId=enable-mfa:${SOME_USER}` },
  {
    method: 'PUT',
    url: '/api/tasks/reattestation',
    body: { taskId: `enable-mfa:${SOME_USER}`, months: 6 },
    wrongType: [{ taskId: `enable-mfa:${SOME_USER}`, months: 5 }, 'body.months'],
  },
  { method: 'GET', url: '/api/readiness/insurance' },
  { method: 'GET', url: '/api/reports/assurance' },
  { method: 'GET', url: '/api/report-shares' },
  {
    method: 'POST',
    url: '/api/report-shares',
    body: { days: 7 },
    wrongType: [{ days: 'seven' }, 'body.days'],
  },
  { method: 'DELETE', url: `/api/report-shares/${SOME_USER}`, wrongType: ['yes', 'body'] },
  { method: 'GET', url: `/api/shared-reports/${'x'.repeat(43)}` },
  { method: 'GET', url: '/api/board/risks' },
  { method: 'GET', url: '/api/partners' },
  {
    method: 'POST',
    url: '/api/partners',
    body: { domain: 'helpdesk.example', role: 'admin' },
    wrongType: [{ domain: 'helpdesk.example', role: 'owner' }, 'body.role'],
  },
  {
    method: 'PUT',
    url: `/api/partners/${SOME_USER}`,
    body: { role: 'viewer' },
    wrongType: [{ role: 5 }, 'body.role'],
  },
  { method: 'DELETE', url: `/api/partners/${SOME_USER}`, wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/partner/clients' },
  { method: 'POST', url: `/api/partner/clients/${SOME_USER}/accept`, wrongType: ['yes', 'body'] },
  { method: 'DELETE', url: `/api/partner/clients/${SOME_USER}`, wrongType: ['yes', 'body'] },
  { method: 'POST', url: `/api/partner/clients/${SOME_USER}/open`, wrongType: ['yes', 'body'] },
  { method: 'POST', url: '/api/partner/close', wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/partner/overview' },
  { method: 'GET', url: '/api/partner/overview.csv' },
  { method: 'GET', url: '/api/partner/baselines' },
  {
    method: 'POST',
    url: '/api/partner/baselines',
    body: { name: 'Office', settings: EMPTY_BASELINE },
    wrongType: [
      { name: 'Office', settings: { ...EMPTY_BASELINE, nudges: 'on' } },
      'body.settings.nudges',
    ],
  },
  {
    method: 'PUT',
    url: `/api/partner/baselines/${SOME_USER}`,
    body: { name: 'Office', settings: EMPTY_BASELINE },
    wrongType: [{ name: 7, settings: EMPTY_BASELINE }, 'body.name'],
  },
  { method: 'DELETE', url: `/api/partner/baselines/${SOME_USER}`, wrongType: ['yes', 'body'] },
  {
    method: 'POST',
    url: `/api/partner/baselines/${SOME_USER}/apply`,
    body: { linkIds: [SOME_USER] },
    wrongType: [{ linkIds: 'all' }, 'body.linkIds'],
  },
  { method: 'GET', url: '/api/partners/baselines' },
  { method: 'GET', url: '/api/watch' },
  {
    method: 'PUT',
    url: '/api/watch/settings',
    body: { frequency: 'daily' },
    wrongType: [{ frequency: 'hourly' }, 'body.frequency'],
  },
  {
    method: 'POST',
    url: '/api/watch/targets',
    body: { name: 'shop.example.com' },
    wrongType: [{ name: 7 }, 'body.name'],
  },
  { method: 'DELETE', url: `/api/watch/targets/${SOME_USER}`, wrongType: ['yes', 'body'] },
  { method: 'POST', url: `/api/watch/targets/${SOME_USER}/scan`, wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/watch/changes' },
  { method: 'GET', url: '/api/watch/suggestions' },
  { method: 'POST', url: '/api/watch/suggestions', wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/phishing' },
  {
    method: 'POST',
    url: '/api/phishing/consent',
    body: { confirm: true },
    wrongType: [{ confirm: 'yes' }, 'body.confirm'],
  },
  {
    method: 'POST',
    url: '/api/phishing/campaigns',
    body: { templateId: 'invoice', everyone: true, windowHours: 1 },
    wrongType: [{ templateId: 'invoice', everyone: 'all', windowHours: 1 }, 'body.everyone'],
  },
  { method: 'GET', url: `/api/phishing/campaigns/${SOME_USER}` },
  { method: 'GET', url: '/api/phishing/people' },
  { method: 'GET', url: `/api/practice/${PRACTICE_TOKEN}` },
  { method: 'POST', url: `/api/practice/${PRACTICE_TOKEN}/open`, wrongType: [[1], 'body'] },
  { method: 'POST', url: `/api/practice/${PRACTICE_TOKEN}/submitted`, wrongType: [[1], 'body'] },
  { method: 'POST', url: `/api/practice/${PRACTICE_TOKEN}/lesson`, wrongType: [[1], 'body'] },
  {
    method: 'PUT',
    url: '/api/settings/time-zone',
    body: { timeZone: 'Europe/London' },
    wrongType: [{ timeZone: 7 }, 'body.timeZone'],
  },
  {
    method: 'POST',
    url: '/api/team-reminders',
    body: { to: SOME_USER },
    wrongType: [{ to: 7 }, 'body.to'],
  },
  {
    method: 'POST',
    url: '/api/mail/unsubscribe',
    wrongType: [[1], 'body'],
    formBody: true,
  },
  {
    method: 'PATCH',
    url: '/api/auth/profile',
    body: { firstName: 'Alice', lastName: 'Morgan' },
    wrongType: [{ firstName: 1, lastName: 'Morgan' }, 'body.firstName'],
  },
  { method: 'POST', url: '/api/auth/delete-account', wrongType: [{ confirm: 1 }, 'body'] },
  { method: 'GET', url: '/api/auth/sessions' },
  { method: 'DELETE', url: `/api/auth/sessions/${SOME_USER}`, wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/impersonation/users' },
  { method: 'GET', url: '/api/auth/providers' },
  { method: 'GET', url: '/api/auth/google/login' },
  { method: 'GET', url: '/api/integrations' },
  { method: 'DELETE', url: '/api/integrations/gws', wrongType: ['yes', 'body'] },
  { method: 'POST', url: '/api/integrations/gws/sync', wrongType: [[1], 'body'] },
  { method: 'GET', url: '/api/integrations/google-workspace/stale-users' },
  { method: 'GET', url: '/api/integrations/google-workspace/super-admin-count' },
  { method: 'GET', url: '/api/integrations/google-workspace/external-shares' },
  { method: 'GET', url: '/api/integrations/microsoft-365/summary' },
  { method: 'GET', url: '/api/integrations/meta/accounts' },
  {
    method: 'POST',
    url: '/api/integrations/gws/connect',
    body: { credentials: {} },
    wrongType: [{ credentials: { clientId: 7 } }, 'body.credentials.clientId'],
  },
  { method: 'GET', url: '/api/integrations/bitwarden/members' },
  { method: 'GET', url: '/api/integrations/slack/workspace' },
  { method: 'GET', url: '/api/integrations/aws/findings' },
  {
    method: 'POST',
    url: '/api/facebook/enable-mfa',
    body: { businessId: '1000000000000001' },
    wrongType: [{ businessId: 7 }, 'body.businessId'],
  },
  { method: 'GET', url: ALLOW_LIST },
  ...(['POST', 'DELETE'] as const).map((method) => ({
    method,
    url: ALLOW_LIST,
    body: [allowed],
    wrongType: [[{ ...allowed, value: 5 }], 'body.0.value'] as [unknown, string],
    unknownField: [{ ...allowed, isAdmin: true }],
  })),
  ...['request', 'approve', 'deny'].map((action) => ({
    method: 'POST' as const,
    url: `${ALLOW_LIST}/${action}`,
    body: allowed,
    wrongType: [{ ...allowed, value: 5 }, 'body.value'] as [unknown, string],
  })),
  { method: 'GET', url: '/api/connected-apps' },
  { method: 'GET', url: '/api/connected-apps/vendors.csv' },
  ...['approve', 'unapprove'].map((action) => ({
    method: 'POST' as const,
    url: `/api/connected-apps/${action}`,
    body: { suite: 'google', clientId: 'x.apps.googleusercontent.com' },
    wrongType: [{ suite: 'google', clientId: 5 }, 'body.clientId'] as [unknown, string],
  })),
  { method: 'GET', url: '/api/trust-center' },
  { method: 'GET', url: '/api/trust-center/example.com' },
  { method: 'GET', url: '/api/settings/trust-page' },
  {
    method: 'PUT',
    url: '/api/settings/trust-page',
    body: { published: false, showDomainReport: true, showCyberScore: true, practices: [] },
    wrongType: [
      { published: 'no', showDomainReport: true, showCyberScore: true, practices: [] },
      'body.published',
    ],
  },
  {
    method: 'POST',
    url: '/api/impersonation',
    body: { userId: '00000000-0000-4000-8000-000000000000' },
    wrongType: [{ userId: 5 }, 'body.userId'],
  },
  { method: 'POST', url: '/api/agent/enrollment-codes', wrongType: ['yes', 'body'] },
  {
    method: 'POST',
    url: '/api/agent/enroll',
    body: { code: 'AAAA-BBBB-CCCC', device: AGENT_DEVICE },
    wrongType: [{ code: 5, device: AGENT_DEVICE }, 'body.code'],
  },
  {
    method: 'POST',
    url: '/api/agent/report',
    body: { reportedAt: now, checks: [AGENT_CHECK] },
    wrongType: [{ reportedAt: 5, checks: [AGENT_CHECK] }, 'body.reportedAt'],
  },
  { method: 'POST', url: '/api/agent/unenroll', wrongType: ['yes', 'body'] },
  { method: 'GET', url: '/api/agent/devices' },
  { method: 'DELETE', url: `/api/agent/devices/${SOME_USER}`, wrongType: ['yes', 'body'] },
  {
    method: 'POST',
    url: `/api/agent/devices/${SOME_USER}/check-now`,
    wrongType: ['yes', 'body'],
  },
  { method: 'GET', url: '/api/agent/due' },
  { method: 'GET', url: '/api/agent/manifest' },
  { method: 'GET', url: '/api/agent/downloads' },
  { method: 'GET', url: '/api/frameworks' },
  { method: 'GET', url: '/api/settings/trusted-domains' },
  {
    method: 'PUT',
    url: '/api/settings/trusted-domains',
    body: { trustedDomains: ['partner.com'] },
    wrongType: [{ trustedDomains: [5] }, 'body.trustedDomains.0'],
  },
];
const withBody = endpoints.filter((e) => e.method !== 'GET');
const name = (e: Endpoint) =>
  `${e.method} ${(e.url.split('?')[0] ?? '')
    .replace(SOME_USER, '{id}')
    .replace('/readiness/insurance', '/readiness/{set}')
    .replace(/\/shared-reports\/x{43}/, '/shared-reports/{token}')
    .replace(`/practice/${PRACTICE_TOKEN}`, '/practice/{token}')
    .replace('/auth/google/', '/auth/{provider}/')
    .replace('/integrations/gws', '/integrations/{id}')
    .replace('/public/example.com', '/public/{domain}')
    .replace('/trust-center/example.com', '/trust-center/{domain}')
    .replace(`/agent/devices/${SOME_USER}`, '/agent/devices/{id}')}`;

describe.each(databaseKinds())('request validation on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  let cookie = '';
  let requests = 0;
  /** Signed in as an admin, so that access checks never answer before validation does. */
  const send = async (e: Endpoint, extra: { url?: string; payload?: unknown; type?: string }) => {
    cookie ||= await server().signIn(ALICE);
    requests += 1;
    const headers: Record<string, string> = { cookie };
    if (extra.type) headers['content-type'] = extra.type;
    return server().inject({
      method: e.method,
      url: extra.url ?? e.url,
      headers,
      payload: extra.payload as string,
      // Each request from its own address, so that no rate limit answers first.
      remoteAddress: `198.51.${requests >> 8}.${requests % 256}`,
    });
  };

  it.each(endpoints.map((e) => [name(e), e] as const))(
    '%s: unknown query parameters → 400 naming them',
    async (_, e) => {
      const body = e.body === undefined ? {} : { payload: JSON.stringify(e.body), type: json };
      const url = `${e.url}${e.url.includes('?') ? '&' : '?'}debug=1`;
      const message = expectError(await send(e, { url, ...body }), 400);
      expect(message).toMatch(/query/);
      expect(message).toMatch(/debug/);
    },
  );

  describe.each(withBody.map((e) => [name(e), e] as const))('%s', (_, e) => {
    it('malformed JSON → 400', async () => {
      const res = await send(e, { payload: '{"email": ', type: json });
      expect(expectError(res, 400)).toBe('The request body is not valid JSON.');
    });

    it('a field of the wrong type → 400 naming it', async () => {
      if (!e.wrongType) throw new Error(`Add a wrongType example for ${name(e)} to the table.`);
      const [body, field] = e.wrongType;
      const res = await send(e, { payload: JSON.stringify(body), type: json });
      expect(expectError(res, 400)).toContain(`${field}:`);
    });

    it('an unknown body field → 400 naming it', async () => {
      const payload = JSON.stringify(e.unknownField ?? { isAdmin: true });
      const res = await send(e, { payload, type: json });
      expect(expectError(res, 400)).toMatch(/isAdmin/);
    });

    it(`a body over ${BODY_LIMIT_BYTES} bytes → 413`, async () => {
      const payload = JSON.stringify({ email: 'x'.repeat(BODY_LIMIT_BYTES) });
      expectError(await send(e, { payload, type: json }), 413);
    });

    const refused = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ];
    it.each(refused.filter((type) => !(e.formBody && type.endsWith('urlencoded'))))(
      'content type %s → 415',
      async (type) => {
        expectError(await send(e, { payload: 'email=a@b.example', type }), 415);
      },
    );
  });

  it('POST /api/auth/logout accepts an empty body sent as application/json', async () => {
    const res = await server().inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': json },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ loggedOut: true });
  });

  it('the table above lists every documented endpoint', async () => {
    const docs = (await server().inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(endpoints.map(name)).toEqual(expect.arrayContaining(documented));
  });
});
