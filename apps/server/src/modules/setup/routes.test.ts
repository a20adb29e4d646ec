import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectWithFacts } from '../../../test/integration-test-kit';
import {
  ALICE,
  BEN,
  databaseKinds,
  expectError,
  PRODUCT_DOMAIN,
  useTestApp,
} from '../../../test/test-app';
import { loadSampleReport } from '../../demo/sample-report';
import { finishScan, insertSampleScan, insertScan } from '../risk-analysis/repository';
import { googleCheckedTasks } from './service';

const DANA = `dana.whitfield@sandbox.${PRODUCT_DOMAIN}`; // alone in a registered organisation

const dist = mkdtempSync(path.join(tmpdir(), 'castellan-agent-dist-'));
writeFileSync(path.join(dist, 'castellan-agent.mjs'), 'console.log("an agent build");\n');

describe.each(databaseKinds())('GET /api/setup-checklist on %s', (kind) => {
  const server = useTestApp(kind, { seed: true, env: { AGENT_DIST_DIR: dist } });
  const call = (cookie: string, url = '/api/setup-checklist', method = 'GET', payload?: object) =>
    server().inject({ method: method as 'GET', url, headers: { cookie }, payload });
  const done = async (cookie: string) =>
    Object.fromEntries(
      (await call(cookie)).json().steps.map((s: { id: string; done: boolean }) => [s.id, s.done]),
    );

  it('ticks each step from what the organisation did, and from nothing else', async () => {
    const dana = await server().signIn(DANA);
    const first = (await call(dana)).json();
    expect(first.steps.map((s: { id: string }) => s.id)).toEqual([
      'suite',
      'domainScan',
      'agent',
      'team',
      'reminders',
    ]);
    // Weekly reminders are on for a new organisation: that step is done from the start.
    expect(await done(dana)).toEqual({
      suite: false,
      domainScan: false,
      agent: false,
      team: false,
      reminders: true,
    });
    // Alone, Google's checks decide the organisation's tasks and Dana's own.
    expect(first.googleCheckedTasks).toBe(googleCheckedTasks(1));

    const organizationId = await connectWithFacts(server(), dana, 'gws', {});
    expect((await done(dana)).suite).toBe(true);

    // A demo's stored sample is not a scan of the domain; a finished real one is.
    const db = server().database.db;
    const report = loadSampleReport();
    await insertSampleScan(db, { organizationId, report, checksTotal: 1, at: new Date() });
    expect((await done(dana)).domainScan).toBe(false);
    const scan = await insertScan(db, {
      domain: `sandbox.${PRODUCT_DOMAIN}`,
      organizationId,
      requestedById: null,
      checksTotal: 1,
    });
    expect((await done(dana)).domainScan).toBe(false); // still running
    await finishScan(db, scan.id, { report });
    expect((await done(dana)).domainScan).toBe(true);

    const code = await call(dana, '/api/agent/enrollment-codes', 'POST');
    expect(code.statusCode, code.body).toBe(201);
    const enrolled = await server().inject({
      method: 'POST',
      url: '/api/agent/enroll',
      payload: {
        code: code.json().code,
        device: {
          name: 'Dana’s MacBook',
          platform: 'darwin',
          osVersion: '15.1',
          agentVersion: '1.0.0',
        },
      },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect((await done(dana)).agent).toBe(true);

    const invited = await call(dana, '/api/users', 'POST', {
      email: `new.colleague@sandbox.${PRODUCT_DOMAIN}`,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await done(dana)).team).toBe(true);
    expect(
      (await call(dana)).json().googleCheckedTasks,
      'a second person adds their own checked tasks',
    ).toBe(googleCheckedTasks(2));

    const mail = await call(dana, '/api/settings/notifications/organization', 'PUT', {
      invitations: true,
      reminders: true,
      digest: true,
      integrationAlerts: true,
    });
    expect(mail.statusCode, mail.body).toBe(200);
    expect(Object.values(await done(dana))).toEqual([true, true, true, true, true]);

    // Another organisation's administrator still has her own steps to do.
    expect((await done(await server().signIn(ALICE))).suite).toBe(false);
  });

  it('is for administrators only', async () => {
    expect(expectError(await call(await server().signIn(BEN)), 403)).toMatch(/administrators/);
  });
});
