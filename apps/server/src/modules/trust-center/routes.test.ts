import { NO_TRUST_PAGE, needsConfirmationToShow } from '@castellan/contract';
import { SCAN_CHECK_COUNT } from '@castellan/scanner';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { domainScans, organizations } from '../../db/schema';
import { loadSampleReport } from '../../demo/sample-report';
import { INTEGRATIONS } from '../integrations/catalog';
import { GOOGLE_REQUESTED_SCOPES } from '../integrations/google/scopes';
import { META_SCOPES } from '../integrations/meta/scopes';
import { M365_SCOPES } from '../integrations/microsoft/scopes';

const OLIVIA = 'olivia.parker@tidewater.example';
const SETTINGS = '/api/settings/trust-page';
const DAY = 86_400_000;

const page = (overrides: object = {}) => ({
  published: true,
  showDomainReport: false,
  showCyberScore: false,
  practices: ['Every account signs in with two-step verification.'],
  ...overrides,
});

let clients = 0;
/** Each call from its own address, so that the rate limit's headers read the same every time. */
const fromNewClient = () => {
  clients += 1;
  return `192.0.2.${clients % 250}`;
};

describe.each(databaseKinds())('the trust center on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const get = (url: string, cookie?: string) =>
    server().inject({ url, headers: cookie ? { cookie } : {}, remoteAddress: fromNewClient() });
  const put = (body: object, cookie: string) =>
    server().inject({ method: 'PUT', url: SETTINGS, headers: { cookie }, payload: body });

  const organizationId = async (domain: string) => {
    const [row] = await server()
      .database.db.select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, domain));
    if (!row) throw new Error(`no organisation ${domain}`);
    return row.id;
  };

  /** A real finished scan of Brightwave's own domain with this grade, finished now. */
  const insertDoneScan = async (grade: 'B' | 'C') => {
    const finishedAt = new Date();
    await server()
      .database.db.insert(domainScans)
      .values({
        organizationId: await organizationId('brightwave.example'),
        domain: 'brightwave.example',
        state: 'done',
        checksDone: SCAN_CHECK_COUNT,
        checksTotal: SCAN_CHECK_COUNT,
        report: { ...loadSampleReport(), domain: 'brightwave.example', grade },
        startedAt: new Date(finishedAt.getTime() - 1000),
        finishedAt,
      });
    return finishedAt;
  };

  it('tells anyone how Castellan protects data, from the configuration and the real scopes', async () => {
    const res = await get('/api/trust-center');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      securityContact: 'mailto:support@castellan.example',
      sessions: { idleMinutes: 24 * 60, maxHours: 7 * 24 },
      subprocessors: [],
      productDomainReport: null,
    });
    // Every integration one can connect is described, with the scopes its connect flow asks for.
    const connectable = INTEGRATIONS.filter((i) => !i.comingSoon).map((i) => i.id);
    expect(body.integrations.map((i: { id: string }) => i.id)).toEqual(connectable);
    const scopes = Object.fromEntries(
      body.integrations.map((i: { id: string; scopes: string[] }) => [i.id, i.scopes]),
    );
    expect(scopes).toEqual({
      gws: GOOGLE_REQUESTED_SCOPES,
      m365: M365_SCOPES,
      meta: META_SCOPES,
      aws: ['arn:aws:iam::aws:policy/SecurityAudit'],
      bitwarden: ['api.organization'],
      slack: ['chat:write', 'users:read', 'users:read.email', 'im:write', 'incoming-webhook'],
      // Reached through the workflow addresses pasted: nothing to ask for.
      teams: [],
    });
    for (const integration of body.integrations) {
      expect(integration.reads.length, integration.id).toBeGreaterThan(0);
      expect(integration.cannotRead.length, integration.id).toBeGreaterThan(0);
    }
    // Only Meta may change anything, and only when asked; Slack and Teams post the nudges they carry.
    expect(
      body.integrations
        .filter((i: { changes: string[] }) => i.changes.length > 0)
        .map((i: { id: string }) => i.id),
    ).toEqual(['meta', 'slack', 'teams']);
  });

  it('answers the organisation’s trust page settings to its admins only, off by default', async () => {
    const alice = await server().signIn(ALICE);
    expect((await get(SETTINGS, alice)).json()).toEqual({
      published: false,
      showDomainReport: false,
      showCyberScore: false,
      practices: [],
      // What visitors would see if shown: the demo has no real scan of its domain.
      grades: { cyberScore: (await get('/api/get-score', alice)).json().grade, domainReport: null },
    });
    expectError(await get(SETTINGS), 401);
    expectError(await get(SETTINGS, await server().signIn(BEN)), 403);
    expectError(await put(page(), await server().signIn(BEN)), 403);
  });

  it.each([
    [{ practices: [] }, 'List at least one practice before publishing the page.'],
    [{ practices: ['ok'] }, 'Practice 1: Write at least 3 characters.'],
    [{ practices: ['Fine practice', '   a  '] }, 'Practice 2: Write at least 3 characters.'],
    [
      { practices: ['x'.repeat(161)] },
      'Practice 1: Keep it to 160 characters or fewer (this one has 161).',
    ],
    [{ practices: ['Two\nlines'] }, 'Practice 1: Write it on one line, as plain text.'],
    [
      { practices: ['Backups every night', ' backups  EVERY night '] },
      'Practice 2 is listed twice: "backups  EVERY night".',
    ],
    [
      { practices: Array.from({ length: 13 }, (_, i) => `Practice number ${i + 1}`) },
      'List at most 12 practices (there are 13).',
    ],
  ])('refuses %o with a clear message, saving nothing', async (change, message) => {
    const cookie = await server().signIn(ALICE);
    const before = (await get(SETTINGS, cookie)).json();
    expect(expectError(await put(page(change), cookie), 400)).toBe(message);
    expect((await get(SETTINGS, cookie)).json()).toEqual(before);
  });

  it('refuses a wrong type or an unknown field', async () => {
    const cookie = await server().signIn(ALICE);
    expect(expectError(await put(page({ published: 'yes' }), cookie), 400)).toMatch(
      /body\.published/,
    );
    expect(expectError(await put({ ...page(), html: '<b>' }, cookie), 400)).toMatch(/html/);
    expectError(await put({ published: false }, cookie), 400);
  });

  it('saves an unpublished page without practices, and trims the ones given', async () => {
    const cookie = await server().signIn(ALICE);
    const saved = await put(page({ published: false, practices: [] }), cookie);
    expect(saved.json()).toMatchObject({ published: false, practices: [] });
    const trimmed = await put(
      page({ published: false, practices: ['  Laptops are encrypted.  ', '<b>as typed</b>'] }),
      cookie,
    );
    expect(trimmed.json().practices).toEqual(['Laptops are encrypted.', '<b>as typed</b>']);
    expect((await get(SETTINGS, cookie)).json().practices).toEqual([
      'Laptops are encrypted.',
      '<b>as typed</b>',
    ]);
  });

  it('publishes and unpublishes a page; any other domain answers the very same 404', async () => {
    const alice = await server().signIn(ALICE);
    const brightwave = await organizationId('brightwave.example');
    const notHere = async (domain: string) => {
      const res = await get(`/api/trust-center/${encodeURIComponent(domain)}`);
      expect(res.statusCode, domain).toBe(404);
      return res;
    };
    const comparable = (res: LightMyRequestResponse) => {
      const { date: _date, ...headers } = res.headers;
      return { status: res.statusCode, body: res.body, headers };
    };

    // Unpublished (never saved yet by tidewater; saved unpublished by brightwave), unknown, malformed.
    await put(page({ published: false }), alice);
    const unpublished = await notHere('brightwave.example');
    expect(unpublished.json()).toEqual({ error: NO_TRUST_PAGE });
    for (const other of [
      'tidewater.example',
      'nobody-uses-castellan.example',
      'not a domain',
      '127.0.0.1',
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}.example`,
    ]) {
      expect(comparable(await notHere(other)), other).toEqual(comparable(unpublished));
    }

    const published = await put(
      page({
        showDomainReport: true,
        showCyberScore: true,
        confirmLowGrade: true,
        practices: ['Backups every night.', 'MFA for all.'],
      }),
      alice,
    );
    expect(published.json()).toMatchObject({ published: true });
    const shown = await get('/api/trust-center/brightwave.example');
    expect(shown.statusCode).toBe(200);
    const score = (await get('/api/get-score', alice)).json();
    expect(shown.json()).toEqual({
      domain: 'brightwave.example',
      // The demo organisation has only the stored sample report: no grade is made up from it.
      domainReport: null,
      cyberScore: { grade: score.grade },
      practices: ['Backups every night.', 'MFA for all.'],
      updatedAt: expect.any(String),
    });
    // The domain is read as the public scan reads one.
    for (const typed of [
      'BrightWave.Example',
      'brightwave.example.',
      'https://brightwave.example',
    ]) {
      expect((await get(`/api/trust-center/${encodeURIComponent(typed)}`)).json().domain).toBe(
        'brightwave.example',
      );
    }
    // Still nothing for the other organisations.
    expect(comparable(await notHere('tidewater.example'))).toEqual(comparable(unpublished));

    // Only what was chosen.
    await put(page({ showDomainReport: false, showCyberScore: false }), alice);
    expect((await get('/api/trust-center/brightwave.example')).json()).toMatchObject({
      domainReport: null,
      cyberScore: null,
    });

    await put(page({ published: false }), alice);
    expect(comparable(await notHere('brightwave.example'))).toEqual(comparable(unpublished));

    // Publishing and unpublishing are audited; saving without changing either is not.
    const rows = (await auditRows(server, 'trust_page.published')).concat(
      await auditRows(server, 'trust_page.unpublished'),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        organizationId: brightwave,
        actorEmail: ALICE,
        details: expect.objectContaining({ domain: 'brightwave.example' }),
      }),
      expect.objectContaining({ organizationId: brightwave, actorEmail: ALICE }),
    ]);
    expect(await auditRows(server, 'trust_page.published')).toHaveLength(1);
  });

  it('shows no grade until an admin chooses to; a grade below C needs confirming; both audited', async () => {
    const alice = await server().signIn(ALICE);
    const brightwave = 'brightwave.example';
    await put(page({ published: false }), alice);
    expect((await put(page(), alice)).json()).toMatchObject({ showCyberScore: false });
    expect((await get(`/api/trust-center/${brightwave}`)).json()).toMatchObject({
      domainReport: null,
      cyberScore: null,
    });
    const { grade } = (await get('/api/get-score', alice)).json();
    expect(needsConfirmationToShow(grade)).toBe(true); // the demo company starts low

    const before = await auditRows(server, 'trust_page.grades_changed');
    expect(expectError(await put(page({ showCyberScore: true }), alice), 400)).toBe(
      `Visitors would see the cyber score ${grade}, below C. Confirm that you want to show it (confirmLowGrade).`,
    );
    expect((await get(`/api/trust-center/${brightwave}`)).json().cyberScore).toBeNull();
    expect((await get(SETTINGS, alice)).json().showCyberScore).toBe(false);
    expect(await auditRows(server, 'trust_page.grades_changed')).toEqual(before);

    const shown = await put(page({ showCyberScore: true, confirmLowGrade: true }), alice);
    expect(shown.json()).toMatchObject({ showCyberScore: true, grades: { cyberScore: grade } });
    expect((await get(`/api/trust-center/${brightwave}`)).json().cyberScore).toEqual({ grade });
    // Once shown, editing the practices does not ask again.
    expect(
      (await put(page({ showCyberScore: true, practices: ['New one.'] }), alice)).statusCode,
    ).toBe(200);
    // Hidden again, it is asked again before being shown.
    await put(page(), alice);
    expectError(await put(page({ showCyberScore: true }), alice), 400);
    // A grade saved as shown on an unpublished page is asked about when it is published.
    expect((await put(page({ published: false, showCyberScore: true }), alice)).statusCode).toBe(
      200,
    );
    expectError(await put(page({ showCyberScore: true }), alice), 400);

    const changes = (await auditRows(server, 'trust_page.grades_changed')).slice(before.length);
    expect(changes.map((row) => row.details)).toEqual([
      expect.objectContaining({
        showCyberScore: true,
        confirmedLowGrade: true,
        domain: brightwave,
      }),
      expect.objectContaining({ showCyberScore: false, confirmedLowGrade: false }),
      expect.objectContaining({ showCyberScore: true, confirmedLowGrade: false }),
    ]);
    expect(changes[0]).toMatchObject({ actorEmail: ALICE });
  });

  it('shows the grade of a real finished scan of the organisation’s own domain, never the sample', async () => {
    const alice = await server().signIn(ALICE);
    await put(page({ published: false }), alice);
    await put(page({ showDomainReport: true }), alice);
    const finishedAt = await insertDoneScan('C');
    expect((await get('/api/trust-center/brightwave.example')).json().domainReport).toEqual({
      grade: 'C',
      scannedAt: finishedAt.toISOString(),
    });
  });

  it('serves the grade badge only while the page shows the domain report, cached and embeddable', async () => {
    const alice = await server().signIn(ALICE);
    const badge = '/api/trust-center/brightwave.example/badge.svg';
    await put(page({ showDomainReport: false }), alice);
    expectError(await get(badge), 404);
    await put(page({ showDomainReport: true }), alice);
    await insertDoneScan('B');
    const res = await get(badge);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('<title>brightwave.example: security grade B, checked');
    const again = await server().inject({
      url: badge,
      headers: { 'if-none-match': String(res.headers.etag) },
      remoteAddress: fromNewClient(),
    });
    expect(again.statusCode).toBe(304);
    // Unpublished pages and unknown domains have no badge, alike.
    expectError(await get('/api/trust-center/tidewater.example/badge.svg'), 404);
    expectError(await get('/api/trust-center/nobody.example/badge.svg'), 404);
  });

  it('keeps each organisation’s page its own', async () => {
    await put(page({ practices: ['Brightwave practice.'] }), await server().signIn(ALICE));
    const olivia = await server().signIn(OLIVIA);
    expect((await get(SETTINGS, olivia)).json()).toMatchObject({ published: false, practices: [] });
    await put(page({ practices: ['Tidewater practice.'] }), olivia);
    expect((await get('/api/trust-center/tidewater.example')).json().practices).toEqual([
      'Tidewater practice.',
    ]);
    expect((await get('/api/trust-center/brightwave.example')).json().practices).toEqual([
      'Brightwave practice.',
    ]);
    expect((await get(SETTINGS, await server().signIn(NOAH))).json().published).toBe(false);
  });
});

describe.each(databaseKinds())('the trust center, configured, on %s', (kind) => {
  const server = useTestApp(kind, {
    env: {
      SUBPROCESSORS: 'Hetzner|Hosting and database|Germany;Postmark|Sign-in e-mails|United States',
      SECURITY_CONTACT: 'https://castellan.example/security',
      TRUST_CENTER_DOMAIN: 'castellan.example',
      SCAN_ALLOW_PRIVATE: '1',
      PUBLIC_URL: 'https://app.castellan.example',
    },
  });
  const insertScan = (values: Partial<typeof domainScans.$inferInsert>) =>
    server()
      .database.db.insert(domainScans)
      .values({
        domain: 'castellan.example',
        checksTotal: SCAN_CHECK_COUNT,
        ...values,
      });
  const report = (grade: 'A' | 'B') => ({
    ...loadSampleReport(),
    domain: 'castellan.example',
    grade,
  });
  const productReport = async () =>
    (await server().inject({ url: '/api/trust-center' })).json().productDomainReport;

  it('lists the configured subprocessors and security contact', async () => {
    expect((await server().inject({ url: '/api/trust-center' })).json()).toMatchObject({
      securityContact: 'https://castellan.example/security',
      subprocessors: [
        { name: 'Hetzner', purpose: 'Hosting and database', location: 'Germany' },
        { name: 'Postmark', purpose: 'Sign-in e-mails', location: 'United States' },
      ],
    });
  });

  it('grades the product domain only from a real finished public scan', async () => {
    expect(await productReport()).toBeNull();
    const old = new Date(Date.now() - 3 * DAY);
    await insertScan({ state: 'running' });
    await insertScan({ state: 'failed', error: 'boom', finishedAt: new Date() });
    // An organisation's own scan or a sample is not the public report.
    const [org] = await server()
      .database.db.insert(organizations)
      .values({ domain: 'castellan.example' })
      .returning({ id: organizations.id });
    await insertScan({
      organizationId: org?.id ?? null,
      state: 'done',
      report: report('A'),
      sample: true,
      finishedAt: new Date(),
    });
    expect(await productReport()).toBeNull();

    await insertScan({ state: 'done', report: report('B'), startedAt: old, finishedAt: old });
    expect(await productReport()).toEqual({
      domain: 'castellan.example',
      grade: 'B',
      scannedAt: old.toISOString(),
    });
  });

  it('serves /.well-known/security.txt as RFC 9116 plain text', async () => {
    const res = await server().inject({ url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = Object.fromEntries(
      res.body
        .trim()
        .split('\n')
        .map((line) => {
          const at = line.indexOf(': ');
          return [line.slice(0, at), line.slice(at + 2)];
        }),
    );
    expect(fields).toEqual({
      Contact: 'https://castellan.example/security',
      Expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/),
      'Preferred-Languages': 'en',
      Canonical: 'https://app.castellan.example/.well-known/security.txt',
      Policy: 'https://app.castellan.example/trust-center#report-a-vulnerability',
    });
    const expires = Date.parse(fields.Expires ?? '');
    expect(expires).toBeGreaterThan(Date.now() + 30 * DAY);
    expect(expires).toBeLessThan(Date.now() + 365 * DAY);
  });
});
