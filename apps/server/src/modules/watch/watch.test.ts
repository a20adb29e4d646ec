import type {
  Task,
  WatchChange,
  WatchResponse,
  WatchSuggestionsResponse,
} from '@castellan/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import { type FakeCrtsh, startFakeCrtsh } from '../../../test/fakes/crtsh/fake-crtsh';
import { type FakeSmtpServer, startSmtpServer } from '../../../test/fakes/smtp-server';
import { databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { MISMATCHED, startWatchWorld, WATCHED, type WatchWorld } from '../../../test/watch-world';
import { domainScans, organizations, users, watchChanges, watchTargets } from '../../db/schema';
import { queueDueScans } from './due-scans';
import { saveFrequency } from './repository';

const DAY = 86_400_000;

describe.each(databaseKinds())('the continuous watch on %s', (kind) => {
  let world: WatchWorld;
  let smtp: FakeSmtpServer;
  let crtsh: FakeCrtsh;
  /** The scanner's clock: what each report says it was scanned at. */
  let clock = new Date();
  /** The app's settings, completed with the fakes' addresses before the app is built. */
  const env: Record<string, string> = {
    SCAN_ALLOW_PRIVATE: '1',
    MAIL_FROM: 'Castellan <mail@castellan.example>',
  };
  beforeAll(async () => {
    [world, smtp, crtsh] = await Promise.all([
      startWatchWorld(),
      startSmtpServer(),
      startFakeCrtsh(),
    ]);
    Object.assign(env, { SMTP_URL: smtp.url }, crtsh.serverEnv());
  });
  afterAll(async () => {
    await Promise.all([world?.close(), smtp?.close(), crtsh?.close()]);
  });
  const server = useTestApp(kind, {
    env,
    scanner: () => ({ ...world.options, now: () => clock }),
  });

  const db = () => server().database.db;
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) => server().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A registered organisation on `domain` with one administrator (demo ones can sign in). */
  async function organisation(domain: string, demo: boolean) {
    const [org] = await db()
      .insert(organizations)
      .values({ domain, status: 'REGISTERED', isDemo: demo })
      .returning({ id: organizations.id });
    const [admin] = await db()
      .insert(users)
      .values({
        organizationId: org?.id ?? '',
        email: `it@${domain}`,
        firstName: 'Ida',
        lastName: 'Tan',
        role: 'admin',
      })
      .returning({ id: users.id });
    return {
      id: org?.id ?? '',
      adminId: admin?.id ?? '',
      cookie: demo ? await server().signIn(`it@${domain}`) : '',
    };
  }

  let watched: Awaited<ReturnType<typeof organisation>> | undefined;
  const watchedOrg = async () => {
    watched ??= await organisation(WATCHED, true);
    return watched;
  };

  /** A scan of the organisation's own domain at `at`, as the schedule starts one, run to its end. */
  async function scanOwnDomain(at = new Date()) {
    clock = at;
    const org = await watchedOrg();
    await server().app.jobs.scans.start({
      domain: WATCHED,
      organizationId: org.id,
      requestedById: null,
      scheduled: true,
    });
    await server().app.jobs.drained();
  }

  const alertMails = () =>
    smtp.received.filter((m) => m.header('subject') === `Something got worse on ${WATCHED}`);
  const changesOf = async (cookie: string) =>
    (await call('GET', '/api/watch/changes', cookie)).json().changes as WatchChange[];
  const dmarcTask = async (cookie: string) =>
    ((await call('GET', '/api/actions?scope=organization', cookie)).json().tasks as Task[]).find(
      (t) => t.catalogueId === 'email-dmarc',
    );

  it('reopens the DMARC task when the policy is weakened between two scans, and alerts once', async () => {
    const org = await watchedOrg();
    world.dmarc.policy = 'reject';
    await scanOwnDomain();
    expect(await changesOf(org.cookie)).toEqual([]);
    expect((await dmarcTask(org.cookie))?.state).toBe('completed');

    world.dmarc.policy = 'none';
    await scanOwnDomain();
    const [weakened, ...others] = await changesOf(org.cookie);
    expect(others).toEqual([]);
    expect(weakened).toMatchObject({
      targetName: WATCHED,
      kind: 'record-changed',
      direction: 'worse',
      catalogueId: 'email-dmarc',
      taskId: `email-dmarc:${org.adminId}`,
      alertedAt: expect.any(String),
    });
    expect(weakened?.summary).toMatch(/DMARC/);
    expect((await dmarcTask(org.cookie))?.state).toBe('open');
    await expect.poll(() => alertMails().length).toBe(1);
    expect(alertMails()[0]?.raw).toContain(weakened?.summary ?? '?');
    expect(alertMails()[0]?.raw).toContain(`/tasks/email-dmarc%3A${org.adminId}`);

    // Seen again by the next scan: the same state, so no change and no second alert.
    await scanOwnDomain();
    expect(await changesOf(org.cookie)).toHaveLength(1);

    // Put right: a change for the better, on the timeline, with no alert.
    world.dmarc.policy = 'reject';
    await scanOwnDomain();
    const [better] = await changesOf(org.cookie);
    expect(better).toMatchObject({ direction: 'better', alertedAt: null });
    expect((await dmarcTask(org.cookie))?.state).toBe('completed');
    await new Promise((r) => setTimeout(r, 300));
    expect(alertMails()).toHaveLength(1);
  });

  it('alerts a certificate nearing expiry at 21 days and at 7, and not in between', async () => {
    const org = await watchedOrg();
    const before = alertMails().length;
    const expiring = async () =>
      (await changesOf(org.cookie)).filter((c) => c.kind === 'certificate-expiring');
    const scanAt = (daysLeft: number) =>
      scanOwnDomain(new Date(world.notAfter.getTime() - daysLeft * DAY));

    await scanAt(22);
    expect(await expiring()).toEqual([]);
    await scanAt(20.9);
    expect((await expiring()).map((c) => c.summary)).toEqual([
      expect.stringMatching(/^The certificate of watched\.test expires in 21 days/),
    ]);
    for (const days of [18, 12, 7.5]) await scanAt(days);
    expect(await expiring()).toHaveLength(1);
    await scanAt(6.9);
    await scanAt(5);
    const warnings = await expiring();
    expect(warnings.map((c) => c.summary)).toEqual([
      expect.stringMatching(/expires in 7 days/),
      expect.stringMatching(/expires in 21 days/),
    ]);
    expect(warnings.every((c) => c.alertedAt !== null)).toBe(true);
    await expect.poll(() => alertMails().length).toBe(before + 2);
  });

  it('offers names from certificate transparency, and scans one added, finding its certificate for another name', async () => {
    const org = await watchedOrg();
    clock = new Date();
    crtsh.addCertificate({
      names: [MISMATCHED, `*.${WATCHED}`],
      notBefore: new Date(Date.now() - 30 * DAY),
      notAfter: new Date(Date.now() + 60 * DAY),
    });
    const never = (await call('GET', '/api/watch/suggestions', org.cookie)).json();
    expect(never).toMatchObject({ state: 'never', names: [] });
    const started = await call('POST', '/api/watch/suggestions', org.cookie);
    expect(started.statusCode).toBe(202);
    expect(started.json().state).toBe('searching');
    await server().app.jobs.drained();
    const found = (
      await call('GET', '/api/watch/suggestions', org.cookie)
    ).json() as WatchSuggestionsResponse;
    expect(found.state).toBe('done');
    expect(found.names.map((n) => n.name)).toEqual([MISMATCHED]);
    expect(crtsh.requests().at(-1)?.query).toMatchObject({ q: `%.${WATCHED}`, output: 'json' });

    const added = await call('POST', '/api/watch/targets', org.cookie, { name: MISMATCHED });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().target).toMatchObject({
      name: MISMATCHED,
      kind: 'subdomain',
      source: 'certificate-transparency',
      lastScan: { state: 'running' },
    });
    await server().app.jobs.drained();
    const watch = (await call('GET', '/api/watch', org.cookie)).json() as WatchResponse;
    expect(watch.targets.map((t) => t.name)).toEqual([WATCHED, MISMATCHED]);
    const sub = watch.targets[1];
    expect(sub?.lastScan).toMatchObject({ state: 'done', certificateProblem: expect.any(String) });
    expect(sub?.lastScan?.certificateProblem).toBe('The certificate is for another name');
    // Only the website's checks: no mail or DNS verdicts about a subdomain.
    const [scan] = await db()
      .select()
      .from(domainScans)
      .where(eq(domainScans.watchTargetId, sub?.id ?? ''));
    expect(scan?.scope).toBe('web');
    expect(scan?.report?.findings.some((f) => f.area.startsWith('email'))).toBe(false);
    // A scan of another name never becomes the organisation's own analysis.
    const analysis = (await call('GET', '/api/risk-analysis', org.cookie)).json();
    expect(analysis.latest.domain).toBe(WATCHED);
    expect(
      ((await call('GET', '/api/watch/suggestions', org.cookie)).json() as WatchSuggestionsResponse)
        .names,
    ).toEqual([]);
  });

  it('refuses what cannot be watched, with a clear message, and keeps the rate limit', async () => {
    const org = await watchedOrg();
    const add = (name: string) => call('POST', '/api/watch/targets', org.cookie, { name });
    expect(expectError(await add('not a domain'), 400)).toMatch(/not a domain name/);
    expect(expectError(await add(WATCHED), 409)).toMatch(/own domain/);
    expect(expectError(await add(MISMATCHED.toUpperCase()), 409)).toMatch(/already watched/);
    const extras = Array.from({ length: 19 }, (_, i) => ({
      organizationId: org.id,
      name: `extra${i}.example.com`,
      kind: 'domain' as const,
      source: 'added' as const,
      nextScanAt: new Date(Date.now() + DAY),
    }));
    await db().insert(watchTargets).values(extras);
    expect(expectError(await add('one-more.example.com'), 400)).toMatch(/20 names/);

    const { targets } = (await call('GET', '/api/watch', org.cookie)).json() as WatchResponse;
    const own = targets.find((t) => t.kind === 'primary');
    const sub = targets.find((t) => t.name === MISMATCHED);
    expect(
      expectError(await call('DELETE', `/api/watch/targets/${own?.id}`, org.cookie), 400),
    ).toMatch(/always watched/);
    // Scanned when added, moments ago: not again within the hour.
    const again = await call('POST', `/api/watch/targets/${sub?.id}/scan`, org.cookie);
    expect(expectError(again, 429)).toMatch(/less than an hour ago/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);

    const other = await organisation('other-watch.test', true);
    expectError(await call('DELETE', `/api/watch/targets/${sub?.id}`, other.cookie), 404);
    expectError(await call('POST', `/api/watch/targets/${sub?.id}/scan`, other.cookie), 404);
    expect((await call('GET', '/api/watch/changes', other.cookie)).json().changes).toEqual([]);

    expect((await call('DELETE', `/api/watch/targets/${sub?.id}`, org.cookie)).statusCode).toBe(
      204,
    );
    const changed = await call('PUT', '/api/watch/settings', org.cookie, { frequency: 'weekly' });
    expect(changed.json().frequency).toBe('weekly');
    // Every change of the watch is in the organisation's audit log, with who made it.
    const audited = async (action: string) =>
      (await auditRows(server, action)).map((a) => [a.actorEmail, a.details]);
    expect(await audited('watch.target_added')).toEqual([
      [
        `it@${WATCHED}`,
        { name: MISMATCHED, kind: 'subdomain', source: 'certificate-transparency' },
      ],
    ]);
    expect(await audited('watch.target_removed')).toEqual([
      [`it@${WATCHED}`, { name: MISMATCHED }],
    ]);
    expect(await audited('watch.frequency_changed')).toEqual([
      [`it@${WATCHED}`, { frequency: 'weekly' }],
    ]);
    await db().delete(watchTargets).where(sql`${watchTargets.name} like 'extra%'`);
  });

  it('scans each registered organisation once per period at its own minute, skipping demo data and names just scanned', async () => {
    const org = await organisation('good.test', false);
    const [own] = await db()
      .select()
      .from(watchTargets)
      .where(and(eq(watchTargets.organizationId, org.id), eq(watchTargets.kind, 'primary')));
    expect(own?.nextScanAt.getTime()).toBeGreaterThan(Date.now());
    expect(own?.nextScanAt.getTime()).toBeLessThanOrEqual(Date.now() + DAY + 60_000);

    const now = new Date();
    const due = new Date(now.getTime() - 5 * 60_000);
    await db().update(watchTargets).set({ nextScanAt: due });
    const { scans } = server().app.jobs;
    // Every name is due, but only good.test is a customer's: the others are demo organisations.
    expect(await queueDueScans(db(), scans, now)).toEqual({ queued: 1, skipped: 0 });
    expect(await queueDueScans(db(), scans, now)).toEqual({ queued: 0, skipped: 0 });
    await server().app.jobs.drained();
    const [moved] = await db()
      .select()
      .from(watchTargets)
      .where(eq(watchTargets.id, own?.id ?? ''));
    expect(moved?.nextScanAt).toEqual(new Date(due.getTime() + DAY));
    const ownScans = await db()
      .select()
      .from(domainScans)
      .where(eq(domainScans.organizationId, org.id));
    expect(ownScans).toMatchObject([{ domain: 'good.test', state: 'done', watchTargetId: null }]);

    // Weekly, and due again: a week on. Due while a scan of the hour ago stands: skipped.
    await saveFrequency(db(), org.id, 'weekly', org.adminId);
    await db()
      .update(watchTargets)
      .set({ nextScanAt: due, lastScanStartedAt: new Date(now.getTime() - 10 * 60_000) })
      .where(eq(watchTargets.id, own?.id ?? ''));
    expect(await queueDueScans(db(), scans, now)).toEqual({ queued: 0, skipped: 1 });
    const [weekly] = await db()
      .select()
      .from(watchTargets)
      .where(eq(watchTargets.id, own?.id ?? ''));
    expect(weekly?.nextScanAt).toEqual(new Date(due.getTime() + 7 * DAY));
    expect(
      await db().select().from(watchChanges).where(eq(watchChanges.organizationId, org.id)),
    ).toEqual([]);
  });
});
