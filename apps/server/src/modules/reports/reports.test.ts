import type {
  AssuranceReport,
  BoardRisksResponse,
  FrameworksResponse,
  ReadinessResponse,
  ReportShare,
} from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { reportShares } from '../../db/schema';

describe.each(databaseKinds())('readiness, reports, share links and the board on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const tasks = taskCalls(server);
  const getJson = async <T>(url: string, cookie: string): Promise<T> => {
    const res = await tasks.get(url, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const share = (cookie: string, payload: object = {}) =>
    server().inject({ method: 'POST', url: '/api/report-shares', headers: { cookie }, payload });
  const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  it('answers the insurance questions with evidence, and a yes once the tasks are attested', async () => {
    const alice = await server().signIn(ALICE);
    const before = await getJson<ReadinessResponse>('/api/readiness/insurance', alice);
    expect(before).toMatchObject({ set: 'insurance', version: '2026.1' });
    expect(before.items.length).toBeGreaterThanOrEqual(15);
    expect(Object.values(before.counts).reduce((a, b) => a + b, 0)).toBe(before.items.length);
    const incident = before.items.find((i) => i.id === 'incident-response');
    expect(incident?.answer).not.toBe('yes');
    expect(incident?.todo.map((t) => t.catalogueId).sort()).toEqual([
      'incident-contacts',
      'incident-response-plan',
    ]);
    for (const t of incident?.todo ?? []) {
      const res = await server().inject({
        method: 'POST',
        url: '/api/tasks/attest',
        headers: { cookie: alice },
        payload: { taskId: t.taskId, note: 'Written and agreed' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await getJson<ReadinessResponse>('/api/readiness/insurance', alice);
    const answered = after.items.find((i) => i.id === 'incident-response');
    expect(answered).toMatchObject({ answer: 'yes', todo: [] });
    expect(answered?.evidence).toEqual([
      expect.objectContaining({ source: 'Marked by hand', covered: 1, total: 1, stale: false }),
      expect.objectContaining({ source: 'Marked by hand', covered: 1, total: 1, stale: false }),
    ]);
    expect(after.counts.yes).toBe(before.counts.yes + 1);
  });

  it('agrees with the frameworks view: a met safeguard is a yes', async () => {
    const alice = await server().signIn(ALICE);
    const { frameworks } = await getJson<FrameworksResponse>('/api/frameworks', alice);
    for (const framework of frameworks) {
      const readiness = await getJson<ReadinessResponse>(`/api/readiness/${framework.id}`, alice);
      expect(readiness.items).toHaveLength(framework.total);
      expect(readiness.counts.yes).toBe(framework.met);
    }
  });

  it('gives another organisation’s administrator only their own report', async () => {
    const noah = await server().signIn(NOAH);
    const report = await getJson<AssuranceReport>('/api/reports/assurance', noah);
    expect(report.organization.domain).toBe('northfield.example');
    const pdf = await tasks.get('/api/reports/assurance.pdf', noah);
    expect(await pdfText(pdf.rawPayload)).not.toContain('brightwave');
  });

  it('is for administrators of the organisation only', async () => {
    expectError(await tasks.get('/api/readiness/insurance', await server().signIn(BEN)), 403);
    expectError(await tasks.get('/api/readiness/soc2', await server().signIn(ALICE)), 400);
    expectError(await tasks.get('/api/reports/assurance.pdf', await server().signIn(BEN)), 403);
    expectError(await server().inject({ url: '/api/reports/assurance' }), 401);
  });

  it('exports the report as JSON, HTML and a real PDF with the same answers', async () => {
    const alice = await server().signIn(ALICE);
    const report = await getJson<AssuranceReport>('/api/reports/assurance', alice);
    expect(report.organization.domain).toBe('brightwave.example');
    expect(report.readiness.map((r) => r.set)).toEqual([
      'insurance',
      'cis-ig1',
      'cyber-essentials',
    ]);
    expect(report.coverage.people).toBeGreaterThan(5);

    const html = await tasks.get('/api/reports/assurance.html', alice);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(html.body).toContain('brightwave.example');

    const pdf = await tasks.get('/api/reports/assurance.pdf', alice);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/security-report-brightwave\.example-/);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('brightwave.example');
    expect(text).toContain('Is multi-factor authentication required for every e-mail account?');
  });

  it('shares exactly that report through a link that is logged, can be revoked and expires', async () => {
    const alice = await server().signIn(ALICE);
    const created = await share(alice);
    expect(created.statusCode, created.body).toBe(201);
    const { share: made, url } = created.json() as { share: ReportShare; url: string };
    expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(made.expiresAt) - Date.parse(made.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(14);

    // Signed out, the link shows the report as it was shared, and each open is counted.
    const open = await server().inject({ url: `/api/shared-reports/${tokenOf(url)}` });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().report.organization.domain).toBe('brightwave.example');
    const pdf = await server().inject({ url: `/api/shared-reports/${tokenOf(url)}/pdf` });
    expect(await pdfText(pdf.rawPayload)).toMatch(/Shared read-only until/);
    const { shares } = await getJson<{ shares: ReportShare[] }>('/api/report-shares', alice);
    expect(shares.find((s) => s.id === made.id)).toMatchObject({ opens: 2, revokedAt: null });

    // Another organisation's administrator cannot see, end or read it through the list.
    const noah = await server().signIn(NOAH);
    expect((await getJson<{ shares: ReportShare[] }>('/api/report-shares', noah)).shares).toEqual(
      [],
    );
    expectError(
      await server().inject({
        method: 'DELETE',
        url: `/api/report-shares/${made.id}`,
        headers: { cookie: noah },
      }),
      404,
    );

    const revoked = await server().inject({
      method: 'DELETE',
      url: `/api/report-shares/${made.id}`,
      headers: { cookie: alice },
    });
    expect(revoked.json().share.revokedAt).not.toBeNull();
    expect(
      expectError(await server().inject({ url: `/api/shared-reports/${tokenOf(url)}` }), 410),
    ).toBe('This share link was revoked.');
    expectError(await server().inject({ url: `/api/shared-reports/${tokenOf(url)}/pdf` }), 410);

    const second = (await share(alice, { days: 1 })).json() as { share: ReportShare; url: string };
    await server()
      .database.db.update(reportShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportShares.id, second.share.id));
    expect(
      expectError(
        await server().inject({ url: `/api/shared-reports/${tokenOf(second.url)}` }),
        410,
      ),
    ).toBe('This share link has expired.');
    expect(
      expectError(await server().inject({ url: `/api/shared-reports/${'x'.repeat(43)}` }), 404),
    ).toBe('No such share link.');
    expectError(await share(alice, { days: 91 }), 400);
  });

  it('names the three biggest open risks in money for the board', async () => {
    const alice = await server().signIn(ALICE);
    const board = await getJson<BoardRisksResponse>('/api/board/risks', alice);
    expect(board.expectedBreachCost).toBeGreaterThan(0);
    expect(board.risks).toHaveLength(3);
    const amounts = board.risks.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(amounts.every((a) => a > 0 && a <= board.expectedBreachCost)).toBe(true);
    expect(board.risks[0]?.tasks.length).toBeGreaterThan(0);
    expectError(await tasks.get('/api/board/risks', await server().signIn(BEN)), 403);
  });
});
