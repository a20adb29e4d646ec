import type { Baseline, PartnerOverviewResponse } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import {
  addPartnerOrganization,
  linkPartner,
  OLIVIA,
  PARTNER,
  PAT,
  PAUL,
  signedInPeople,
} from '../../../test/partner-organization';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';
import { integrations, organizations } from '../../db/schema';
import { listTasks } from '../tasks/service';

const OFFICE = {
  notApplicable: [
    {
      catalogueId: 'secure-office-wifi',
      reason: 'Every office uses the landlord’s guest-free network',
    },
  ],
  weeklyReminders: false,
  nudges: null,
  escalationOff: ['enable-mfa'],
  trustedDomains: [PARTNER, 'payroll-bureau.example'],
  approvedApps: [
    { suite: 'google', clientId: '555-crm.apps.googleusercontent.com', name: 'Acme CRM' },
  ],
} as const;

describe.each(databaseKinds())('the partner console on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { cookies, call, signIn } = signedInPeople(server);
  const links = { brightwave: '', tidewater: '' };
  beforeAll(async () => {
    await addPartnerOrganization(server());
    await signIn([ALICE, BEN, PAUL, PAT, OLIVIA]);
    const paul = cookies.get(PAUL) ?? '';
    links.brightwave = await linkPartner(
      server(),
      { client: cookies.get(ALICE) ?? '', paul },
      'admin',
    );
    links.tidewater = await linkPartner(
      server(),
      { client: cookies.get(OLIVIA) ?? '', paul },
      'viewer',
    );
  });
  afterAll(() => cookies.clear());

  const overview = async (): Promise<PartnerOverviewResponse> => {
    const res = await call(PAUL, 'GET', '/api/partner/overview');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const organizationId = async (domain: string) => {
    const [row] = await server()
      .database.db.select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, domain));
    return row?.id ?? '';
  };
  /** Open Critical tasks as the client's task list has them: each person's own, an Admin task once. */
  const openCritical = async (domain: string) => {
    const tasks = await listTasks(server().database.db, await organizationId(domain));
    const open = tasks.filter(
      (t) => t.riskLevel === 'Critical' && !t.completedAt && !t.notApplicable,
    );
    const admin = new Set(open.filter((t) => t.scope === 'Admin').map((t) => t.catalogueId));
    return open.filter((t) => t.scope !== 'Admin').length + admin.size;
  };

  it('rolls up each client with the figures its own administrators see', async () => {
    const { clients, gaps } = await overview();
    expect(clients.map((c) => [c.domain, c.role])).toEqual([
      ['brightwave.example', 'admin'],
      ['tidewater.example', 'viewer'],
    ]);
    for (const [client, admin] of [
      [clients[0], ALICE],
      [clients[1], OLIVIA],
    ] as const) {
      const score = (await call(admin, 'GET', '/api/get-score')).json();
      expect(client?.score).toBe(score.score);
      expect(client?.openCritical).toBe(await openCritical(client?.domain ?? ''));
      const members = (await call(admin, 'GET', '/api/users')).json().members as unknown[];
      expect(client?.members).toBe(members.length);
    }
    // The biggest gap: the task open for the most people, counted from both clients' own lists.
    const open = new Map<string, { people: number; clients: Set<string> }>();
    for (const domain of ['brightwave.example', 'tidewater.example']) {
      for (const t of await listTasks(server().database.db, await organizationId(domain))) {
        if (t.scope === 'Admin' || t.completedAt || t.notApplicable) continue;
        const gap = open.get(t.catalogueId) ?? { people: 0, clients: new Set<string>() };
        gap.people += 1;
        gap.clients.add(domain);
        open.set(t.catalogueId, gap);
      }
    }
    const most = Math.max(...[...open.values()].map((g) => g.people));
    const [first] = gaps;
    expect(first?.people).toBe(most);
    expect(first && open.get(first.catalogueId)?.clients.size).toBe(first?.clients);
    expect(gaps.map((g) => g.people)).toEqual([...gaps.map((g) => g.people)].sort((a, b) => b - a));
  });

  it('follows a client’s change on the next request, and reads integration problems afresh', async () => {
    const before = (await overview()).clients[0];
    const brightwave = await organizationId('brightwave.example');
    const { db } = server().database;
    await db.insert(integrations).values({
      organizationId: brightwave,
      integrationId: 'm365',
      status: 'invalid_token',
    });
    // Alice marks an open Critical Admin task not applicable: the cached row must not answer.
    const tasks = (await call(ALICE, 'GET', '/api/actions')).json().tasks as {
      id: string;
      riskLevel: string;
      scope: string;
      completedAt: string | null;
    }[];
    const task = tasks.find(
      (t) => t.riskLevel === 'Critical' && t.scope === 'Admin' && !t.completedAt,
    );
    const marked = await call(ALICE, 'POST', '/api/tasks/not-applicable', {
      taskId: task?.id,
      reason: 'We have no such system',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = (await overview()).clients[0];
    expect(after?.integrationsNeedingAttention).toEqual([
      { name: 'Microsoft 365', problem: 'Its access expired or was revoked: reconnect it' },
    ]);
    expect(after?.openCritical).toBe((before?.openCritical ?? 0) - 1);
    expect(after?.openCritical).toBe(await openCritical('brightwave.example'));
    await db.delete(integrations).where(eq(integrations.organizationId, brightwave));
  });

  it('exports the roll-up as CSV, and shows it to the partner’s administrators only', async () => {
    const csv = await call(PAUL, 'GET', '/api/partner/overview.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="clients-/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Client,Partner role,Score,Grade,/);
    // The score as the console and the client's overview show it: whole points.
    const [first] = (await overview()).clients;
    expect(lines[1]?.split(',')[2]).toBe(String(Math.round(first?.score ?? -1)));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'brightwave.example',
      'tidewater.example',
    ]);
    expectError(await call(PAT, 'GET', '/api/partner/overview'), 403);
    // A client's administrator is no partner: their console is empty, never another client's.
    expect((await call(OLIVIA, 'GET', '/api/partner/overview')).json().clients).toEqual([]);
  });

  let office: Baseline;

  it('keeps baselines that name real tasks and domains, one name each', async () => {
    const bad = (settings: object) =>
      call(PAUL, 'POST', '/api/partner/baselines', {
        name: 'Bad',
        settings: { ...OFFICE, ...settings },
      });
    expect(expectError(await bad({ escalationOff: ['no-such-task'] }), 400)).toBe(
      'There is no task no-such-task in the catalogue.',
    );
    expect(expectError(await bad({ trustedDomains: ['gmail.com'] }), 400)).toMatch(/consumer mail/);
    expect(
      expectError(
        await bad({ notApplicable: [{ catalogueId: 'secure-office-wifi', reason: 'x' }] }),
        400,
      ),
    ).toMatch(/reason/);

    const created = await call(PAUL, 'POST', '/api/partner/baselines', {
      name: 'Office',
      settings: OFFICE,
    });
    expect(created.statusCode, created.body).toBe(201);
    office = created.json().baseline;
    expect(office.settings.trustedDomains).toEqual(['helpdesk.example', 'payroll-bureau.example']);
    expect(
      expectError(
        await call(PAUL, 'POST', '/api/partner/baselines', { name: 'Office', settings: OFFICE }),
        409,
      ),
    ).toBe('You already have a baseline called Office.');
    const listed = (await call(PAUL, 'GET', '/api/partner/baselines')).json();
    expect(listed.baselines.map((b: Baseline) => b.name)).toEqual(['Office']);
    expect(listed.tasks).toContainEqual(expect.objectContaining({ id: 'secure-office-wifi' }));
    expectError(await call(PAT, 'GET', '/api/partner/baselines'), 403);
    expect((await call(OLIVIA, 'GET', '/api/partner/baselines')).json().baselines).toEqual([]);
  });

  it('applies a baseline where the partner administers, and says why not elsewhere', async () => {
    const res = await call(PAUL, 'POST', `/api/partner/baselines/${office.id}/apply`, {
      linkIds: [links.brightwave, links.tidewater],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { linkId: links.brightwave, domain: 'brightwave.example', error: null },
      {
        linkId: links.tidewater,
        domain: 'tidewater.example',
        error: 'Your access to tidewater.example is read-only: its administrators can change this.',
      },
    ]);

    // Brightwave's own settings now say so, as its administrators read them.
    const trusted = (await call(ALICE, 'GET', '/api/settings/trusted-domains')).json();
    expect(trusted.trustedDomains).toEqual(
      expect.arrayContaining(['helpdesk.example', 'payroll-bureau.example']),
    );
    const mail = (await call(ALICE, 'GET', '/api/settings/notifications')).json();
    expect(mail.organization.reminders).toBe(false);
    const tasks = await listTasks(server().database.db, await organizationId('brightwave.example'));
    expect(tasks.find((t) => t.catalogueId === 'secure-office-wifi')?.notApplicable?.reason).toBe(
      OFFICE.notApplicable[0].reason,
    );
    // Audited in the client's log as Paul's, his organisation named.
    const [applied] = await auditRows(server, 'partner.baseline_applied');
    expect(applied).toMatchObject({
      organizationId: await organizationId('brightwave.example'),
      actorEmail: PAUL,
      details: { baseline: 'Office', partner: PARTNER },
    });
    expect(await auditRows(server, 'trusted_domains.updated')).toContainEqual(
      expect.objectContaining({
        actorEmail: PAUL,
        details: expect.objectContaining({ partner: PARTNER }),
      }),
    );
    // Tidewater is unchanged.
    const tidewater = (await call(OLIVIA, 'GET', '/api/settings/trusted-domains')).json();
    expect(tidewater.trustedDomains).not.toContain('payroll-bureau.example');
    expect((await call(OLIVIA, 'GET', '/api/partners/baselines')).json().applications).toEqual([]);
  });

  it('shows the client what a baseline set, which it changes as usual; the baseline’s later changes stay the partner’s', async () => {
    const { applications } = (await call(ALICE, 'GET', '/api/partners/baselines')).json();
    expect(applications).toEqual([
      expect.objectContaining({
        baselineName: 'Office',
        partnerDomain: PARTNER,
        appliedBy: 'Paul King',
        settings: office.settings,
        taskTitles: expect.objectContaining({
          'secure-office-wifi': expect.any(String),
          'enable-mfa': expect.any(String),
        }),
      }),
    ]);
    expectError(await call(BEN, 'GET', '/api/partners/baselines'), 403);

    const renamed = await call(PAUL, 'PUT', `/api/partner/baselines/${office.id}`, {
      name: 'Office 2027',
      settings: { ...OFFICE, weeklyReminders: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().baseline.appliedTo).toEqual([
      { domain: 'brightwave.example', at: expect.any(String) },
    ]);
    expect(
      (await call(ALICE, 'GET', '/api/settings/notifications')).json().organization.reminders,
    ).toBe(false);
    expect((await call(PAUL, 'DELETE', `/api/partner/baselines/${office.id}`)).statusCode).toBe(
      204,
    );
    expectError(await call(PAUL, 'DELETE', `/api/partner/baselines/${office.id}`), 404);
    // The client's record stays.
    expect((await call(ALICE, 'GET', '/api/partners/baselines')).json().applications).toHaveLength(
      1,
    );
  });

  it('refuses a baseline to a client whose link ended, and never lists that client again', async () => {
    const again = await call(PAUL, 'POST', '/api/partner/baselines', {
      name: 'Late',
      settings: OFFICE,
    });
    const late = again.json().baseline as Baseline;
    await call(ALICE, 'DELETE', `/api/partners/${links.brightwave}`);
    const res = await call(PAUL, 'POST', `/api/partner/baselines/${late.id}/apply`, {
      linkIds: [links.brightwave],
    });
    expect(res.json().results).toEqual([
      { linkId: links.brightwave, domain: null, error: 'There is no such client.' },
    ]);
    expect((await overview()).clients.map((c) => c.domain)).toEqual(['tidewater.example']);
  });
});
