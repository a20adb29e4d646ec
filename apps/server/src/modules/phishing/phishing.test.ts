import type {
  ActionsResponse,
  FrameworksResponse,
  PhishingCampaignResponse,
  PhishingOverview,
  PhishingPeopleResponse,
} from '@castellan/contract';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import {
  type FakeSmtpServer,
  type ReceivedMail,
  startSmtpServer,
} from '../../../test/fakes/smtp-server';
import { filesContaining } from '../../../test/files-containing';
import { freePort } from '../../../test/free-port';
import {
  ALICE,
  BEN,
  createTestApp,
  databaseKinds,
  expectError,
  freshDatabaseLocation,
  NOAH,
  type TestApp,
} from '../../../test/test-app';
import { phishingMessages, users } from '../../db/schema';
import { isScannerVisit } from './scanner-visits';
import { sendDuePracticeMessages, settleIgnoredMessages } from './sends';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HEADLESS = BROWSER.replace('Chrome/', 'HeadlessChrome/');
const REPORT_DOMAIN = 'reports.castellan.example';
const HOUR = 3_600_000;
const CANARY = 'Hunter2-canary-typed-0f3a9c';

describe.each(databaseKinds())('phishing practice on %s', (kind) => {
  let smtp: FakeSmtpServer;
  let server: TestApp;
  let reportPort: number;
  let dataDir: string | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    reportPort = await freePort();
    // On PGlite the database lives in a folder, so that its files can be searched for typed text.
    const location = kind === 'pglite' ? await freshDatabaseLocation(kind, { onDisk: true }) : null;
    const database = location ? await location.open() : undefined;
    dataDir = location?.dataDir;
    server = await createTestApp(kind, {
      seed: true,
      ...(database ? { database } : {}),
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Castellan <mail@castellan.example>',
        PHISHING_REPORT_SMTP_PORT: String(reportPort),
        PHISHING_REPORT_DOMAIN: REPORT_DOMAIN,
        PHISHING_SCANNER_SECONDS: '2',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, as: string, payload?: object) =>
    server.inject({
      method,
      url,
      headers: { cookie: await server.signIn(as) },
      ...(payload ? { payload } : {}),
    });
  const overview = async () =>
    (await call('GET', '/api/phishing', ALICE)).json() as PhishingOverview;
  const practiceOf = (mail: ReceivedMail) => {
    const token = /\/practice\/([A-Za-z0-9_-]{43})/.exec(mail.raw)?.[1];
    if (!token) throw new Error('no practice link in the message');
    return token;
  };
  const visit = (token: string, step: 'open' | 'submitted' | 'lesson', userAgent?: string) =>
    server.inject({
      method: 'POST',
      url: `/api/practice/${token}/${step}`,
      headers: userAgent ? { 'user-agent': userAgent } : {},
    });
  const phishingTask = async (as: string) => {
    const { tasks } = (await call('GET', '/api/actions', as)).json() as ActionsResponse;
    const task = tasks.find((t) => t.catalogueId === 'phishing-awareness');
    if (!task) throw new Error(`no phishing task for ${as}`);
    return task;
  };
  const cisPhishing = async () => {
    const { frameworks } = (
      await call('GET', '/api/frameworks', ALICE)
    ).json() as FrameworksResponse;
    const cis = frameworks.find((f) => f.id === 'cis-ig1');
    const task = cis?.safeguards
      .find((s) => s.id === '14.2')
      ?.tasks.find((t) => t.catalogueId === 'phishing-awareness');
    if (!task) throw new Error('CIS 14.2 cites no phishing task');
    return task;
  };

  it('is for administrators, and needs their confirmation before any campaign', async () => {
    expectError(await call('GET', '/api/phishing', BEN), 403);
    const campaign = { templateId: 'invoice', everyone: true, windowHours: 1 };
    expect(
      expectError(await call('POST', '/api/phishing/campaigns', ALICE, campaign), 400),
    ).toMatch(/Confirm that you may run phishing practice/);
    expect((await overview()).consent).toBeNull();
    expect(
      expectError(await call('POST', '/api/phishing/consent', ALICE, { confirm: false }), 400),
    ).toMatch(/confirm/);

    const confirmed = (
      await call('POST', '/api/phishing/consent', ALICE, { confirm: true })
    ).json() as PhishingOverview;
    expect(confirmed.consent?.by).toBe(ALICE);
    expect(confirmed.reportAddress).toMatch(new RegExp(`^report\\+[0-9a-f]{20}@${REPORT_DOMAIN}$`));
    expect(confirmed.templates.map((t) => t.id)).toEqual([
      'invoice',
      'shared-document',
      'password-expiry',
      'parcel',
      'gift-cards',
    ]);
    expect(confirmed.templates[0]?.subject).toContain('Brightwave');
    const audit = await auditRows(() => server, 'phishing.consented');
    expect(audit.map((a) => a.actorEmail)).toEqual([ALICE]);
  });

  it('refuses a window it does not offer, nobody, and people of another organisation', async () => {
    const [noah] = await server.database.db.select().from(users).where(eq(users.email, NOAH));
    const bad = [
      { templateId: 'invoice', everyone: true, windowHours: 5 },
      { templateId: 'ransom', everyone: true, windowHours: 1 },
      { templateId: 'invoice', everyone: false, userIds: [], windowHours: 1 },
      { templateId: 'invoice', everyone: false, userIds: [noah?.id], windowHours: 1 },
    ];
    for (const body of bad) {
      expectError(await call('POST', '/api/phishing/campaigns', ALICE, body), 400);
    }
    expect((await overview()).campaigns).toEqual([]);
  });

  it('delivers a campaign spread over its window, and counts clicks, scanners, reports and lessons', async () => {
    const before = await cisPhishing();
    const started = await call('POST', '/api/phishing/campaigns', ALICE, {
      templateId: 'invoice',
      everyone: true,
      windowHours: 1,
    });
    expect(started.statusCode).toBe(201);
    const { campaign } = started.json() as { campaign: PhishingOverview['campaigns'][number] };
    expect(campaign.state).toBe('sending');
    const [alice] = await server.database.db.select().from(users).where(eq(users.email, ALICE));
    const members = (
      await server.database.db
        .select()
        .from(users)
        .where(eq(users.organizationId, alice?.organizationId ?? ''))
    ).length;
    expect(campaign.figures.recipients).toBe(members);

    // Spread over the hour: nothing is due before its moment.
    const rows = await server.database.db.select().from(phishingMessages);
    const offsets = rows.map((r) => r.sendAt.getTime() - Date.parse(campaign.windowStart));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThan(HOUR);
    expect(new Set(rows.map((r) => r.sendAt.getTime())).size).toBeGreaterThan(1);

    const sent = await sendDuePracticeMessages(
      server.app.jobs.mail,
      new Date(Date.now() + 2 * HOUR),
    );
    expect(sent).toEqual({ sent: members, taken: members });
    expect(
      await sendDuePracticeMessages(server.app.jobs.mail, new Date(Date.now() + 2 * HOUR)),
    ).toEqual({ sent: 0, taken: 0 });
    await server.app.jobs.drained();
    const mailTo = (who: string) => {
      const mail = smtp.received.find(
        (m) => m.to.includes(who) && m.header('x-castellan-practice'),
      );
      if (!mail) throw new Error(`no practice message to ${who}`);
      return mail;
    };
    const toBen = mailTo(BEN);
    expect(toBen.header('x-castellan-practice')).toBe(campaign.id);
    expect(toBen.header('from')).toMatch(/Northgate Office Supplies.*<mail@castellan\.example>/);
    expect(toBen.header('subject')).toContain('Brightwave');
    expect(toBen.header('reply-to')).toMatch(/^report\+[0-9a-f]{20}@reports\.castellan\.example$/);
    const benToken = practiceOf(toBen);

    // The page itself is no click; a scanner's visits are counted as such, never against Ben.
    const page = await server.app.inject({ method: 'GET', url: `/api/practice/${benToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().tells.length).toBeGreaterThan(0);
    expect((await visit(benToken, 'open', HEADLESS)).json()).toMatchObject({ counted: false });
    expect((await visit(benToken, 'open')).json()).toMatchObject({ counted: false });
    expect(
      (await visit(benToken, 'open', 'Microsoft Office/16.0 (Windows NT 10.0)')).json(),
    ).toMatchObject({ counted: false });
    // A browser within seconds of delivery is a scanner too (PHISHING_SCANNER_SECONDS=2 here).
    expect((await visit(benToken, 'open', BROWSER)).json()).toMatchObject({ counted: false });
    let results = (
      await call('GET', `/api/phishing/campaigns/${campaign.id}`, ALICE)
    ).json() as PhishingCampaignResponse;
    expect(results.campaign.figures).toMatchObject({ clicked: 0, scannerVisits: 4, sent: members });

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const opened = (await visit(benToken, 'open', BROWSER)).json();
    expect(opened).toMatchObject({ counted: true, state: { clicked: true, lessonDone: false } });
    let task = await phishingTask(BEN);
    expect(task.isCompleted).toBe(false);
    expect(task.evidence[0]).toMatchObject({ source: 'phishing-practice', verdict: 'fail' });
    expect(task.evidence[0]?.detail).toMatch(/lesson is not finished yet/);

    // What is typed never reaches the server: the page sends none, and a client that sends it
    // anyway is refused without it being echoed or kept.
    const typed = await server.inject({
      method: 'POST',
      url: `/api/practice/${benToken}/submitted`,
      headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: { password: CANARY },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.body).not.toContain(CANARY);
    expect((await visit(benToken, 'submitted', BROWSER)).json()).toMatchObject({
      state: { submitted: true },
    });
    expect((await visit(benToken, 'lesson')).json()).toMatchObject({ state: { lessonDone: true } });
    task = await phishingTask(BEN);
    expect(task.isCompleted).toBe(false);
    expect(task.evidence[0]?.detail).toMatch(/Finished the lesson.*next one completes this task/);

    // Alice replies to hers: reported, thanked, and her task is done.
    const toAlice = mailTo(ALICE);
    const reportAddress = toAlice.header('reply-to') ?? '';
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: reportPort,
      secure: false,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: ALICE,
      to: reportAddress,
      subject: `Re: ${toAlice.header('subject')}`,
      inReplyTo: toAlice.header('message-id'),
      text: 'This looks fake to me.',
    });
    // Someone else forwarding Ben's message does not report it for him.
    await transport.sendMail({
      from: 'someone@elsewhere.example',
      to: reportAddress,
      subject: 'Fwd: invoice',
      text: `---------- Forwarded message ----------\n${toBen.raw}`,
    });
    await expect(
      transport.sendMail({
        from: ALICE,
        to: `report+00000000000000000000@${REPORT_DOMAIN}`,
        text: 'x',
      }),
    ).rejects.toThrow(/550/);
    transport.close();
    await server.app.jobs.drained();
    const thanks = smtp.received.filter(
      (m) => m.to.includes(ALICE) && /practice message/.test(m.header('subject') ?? ''),
    );
    expect(thanks.map((m) => m.header('subject'))).toEqual([
      'Well spotted: that was a practice message',
    ]);
    expect((await phishingTask(ALICE)).isCompleted).toBe(true);

    results = (
      await call('GET', `/api/phishing/campaigns/${campaign.id}`, ALICE)
    ).json() as PhishingCampaignResponse;
    expect(results.campaign.figures).toMatchObject({
      clicked: 1,
      submitted: 1,
      reported: 1,
      lessonsDone: 1,
      scannerVisits: 4,
    });
    expect(results.recipients.find((r) => r.email === BEN)).toMatchObject({ reportedAt: null });

    // Those who left theirs alone pass once it has waited long enough.
    const settled = await settleIgnoredMessages(
      server.app.jobs.mail,
      new Date(Date.now() + 80 * HOUR),
    );
    expect(settled.organizations).toBe(1);
    const { people } = (
      await call('GET', '/api/phishing/people', ALICE)
    ).json() as PhishingPeopleResponse;
    const verdicts = Object.fromEntries(people.map((p) => [p.email, p.verdict]));
    expect(verdicts[ALICE]).toBe('pass');
    expect(verdicts[BEN]).toBe('fail');
    expect(Object.values(verdicts).filter((v) => v === 'pass')).toHaveLength(members - 1);

    // The framework view follows: everyone but Ben has done the phishing task of CIS 14.2.
    const after = await cisPhishing();
    expect(after.total).toBe(before.total);
    expect(after.done).toBe(members - 1);
    expect(after.done).toBeGreaterThan(before.done);
  });

  it('keeps no typed text anywhere in the database files', async () => {
    if (!dataDir) return; // PostgreSQL's files are the server's own; PGlite's are searched.
    await server.database.close();
    expect(filesContaining(dataDir, CANARY)).toEqual([]);
  });
});

describe('a scanner visit', () => {
  const delivered = new Date('2026-12-01T09:00:00Z');
  const at = (seconds: number) => new Date(delivered.getTime() + seconds * 1000);
  it.each([
    ['no user agent', undefined, 600, true],
    ['a command-line client', 'curl/8.5.0', 600, true],
    ['a headless browser', HEADLESS, 600, true],
    ['a link checker', 'Mozilla/5.0 (compatible; Proofpoint URL Defense)', 600, true],
    ['a browser within the scanner seconds', BROWSER, 10, true],
    ['a browser after them', BROWSER, 31, false],
  ])('%s', (_name, userAgent, seconds, scanner) => {
    expect(isScannerVisit(userAgent, delivered, at(seconds), 30)).toBe(scanner);
  });
  it('is any visit before the message was delivered', () => {
    expect(isScannerVisit(BROWSER, null, at(600), 30)).toBe(true);
  });
});
