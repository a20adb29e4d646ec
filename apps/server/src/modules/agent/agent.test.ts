import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentCheckResult, AgentDeviceInfo } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { agentDevices, taskEvidence } from '../../db/schema';
import { judgeStaleDevices } from '../devices/judge-devices';

const MAC: AgentDeviceInfo = {
  name: "Ben's MacBook",
  platform: 'darwin',
  osVersion: '15.1',
  agentVersion: '0.1.0',
};
const PC: AgentDeviceInfo = {
  ...MAC,
  name: "Ben's PC",
  platform: 'win32',
  osVersion: '10.0.22631',
};

const check = (
  id: AgentCheckResult['id'],
  verdict: AgentCheckResult['verdict'],
  evidence = `${id} ${verdict}`,
) => ({ id, verdict, evidence });

const allPass = [
  check('disk-encryption', 'pass', 'FileVault is on.'),
  check('firewall', 'pass'),
  check('screen-lock', 'pass'),
  check('os-updates', 'pass'),
  check('malware-protection', 'pass'),
  check('standard-account', 'pass'),
  check('browser-updates', 'unknown'),
];

// Codes are given only by a server with an agent to hand out.
const dist = mkdtempSync(path.join(tmpdir(), 'castellan-agent-dist-'));
writeFileSync(path.join(dist, 'castellan-agent.mjs'), 'console.log("an agent build");\n');

describe.each(databaseKinds())('the endpoint agent API on %s', (kind) => {
  const server = useTestApp(kind, {
    seed: true,
    env: { AGENT_BROWSER_VERSIONS: 'chrome=131.0.6778.85,firefox=133.0', AGENT_DIST_DIR: dist },
  });
  const tasks = taskCalls(server);

  // Codes and enrollments are limited per client address: each call comes from another one.
  let client = 0;
  const nextAddress = () => `10.0.${Math.floor(++client / 250)}.${client % 250}`;
  const newCode = async (cookie: string) => {
    const res = await server().inject({
      method: 'POST',
      url: '/api/agent/enrollment-codes',
      headers: { cookie },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { code: string; expiresAt: string };
  };
  const enroll = async (code: string, device: AgentDeviceInfo = MAC) =>
    server().inject({
      method: 'POST',
      url: '/api/agent/enroll',
      payload: { code, device },
      remoteAddress: nextAddress(),
    });
  const enrolled = async (cookie: string, device: AgentDeviceInfo = MAC) => {
    const res = await enroll((await newCode(cookie)).code, device);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { deviceId: string; token: string };
  };
  let clock = Date.now() - 60 * 60_000;
  const nextTime = () => {
    clock += 1000;
    return new Date(clock);
  };
  const report = async (token: string, checks: unknown, reportedAt = nextTime()) =>
    server().inject({
      method: 'POST',
      url: '/api/agent/report',
      headers: { authorization: `Bearer ${token}` },
      payload: { reportedAt: reportedAt.toISOString(), checks },
      remoteAddress: nextAddress(),
    });
  const devices = async (cookie: string, scope = 'mine') =>
    server().inject({ url: `/api/agent/devices?scope=${scope}`, headers: { cookie } });
  const remove = async (cookie: string, id: string) =>
    server().inject({ method: 'DELETE', url: `/api/agent/devices/${id}`, headers: { cookie } });
  const benTask = async (catalogueId: string) => {
    const ben = await server().signIn(BEN);
    const found = (await tasks.tasksOf(ben)).find((t) => t.catalogueId === catalogueId);
    if (!found) throw new Error(`Ben has no ${catalogueId}`);
    return found;
  };
  // Each test starts without devices or agent evidence, whatever the previous one left.
  beforeEach(async () => {
    const { db } = server().database;
    await db.delete(agentDevices);
    await db.delete(taskEvidence).where(eq(taskEvidence.source, 'agent'));
  });

  it('enrolls a device with a one-time code and answers its token and the current browsers', async () => {
    const ben = await server().signIn(BEN);
    const { code, expiresAt } = await newCode(ben);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Typed by hand: lower case and without dashes still works.
    const res = await enroll(code.toLowerCase().replaceAll('-', ''));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.token).toMatch(/^cagt_/);
    expect(body.currentBrowsers).toEqual({ chrome: '131.0.6778.85', firefox: '133.0' });

    // Only hashes are stored.
    const [row] = await server().database.db.select().from(agentDevices);
    expect(row?.tokenHash).not.toContain(body.token);
    expect(JSON.stringify(row)).not.toContain(body.token);

    expect(expectError(await enroll(code), 400)).toMatch(/invalid, used or expired/);
  });

  // A report is judged in a transaction, on one connection: node-postgres queues a query sent
  // while another runs there (deprecated, gone in pg 9), so each must wait for the one before.
  it.runIf(kind === 'postgres')(
    'judges a report with one query at a time on its transaction’s connection',
    async () => {
      const overlapping: string[] = [];
      const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const query = client.query;
      client.query = function (this: { _activeQuery: unknown }, ...args: unknown[]) {
        // `_activeQuery`: node-postgres's own record of the query this connection is running.
        if (this._activeQuery) overlapping.push(JSON.stringify(args[0]).slice(0, 120));
        return query.apply(this, args);
      };
      try {
        const ben = await server().signIn(BEN);
        const { token } = await enrolled(ben);
        expect((await report(token, allPass)).statusCode).toBe(200);
      } finally {
        client.query = query;
      }
      expect(overlapping).toEqual([]);
    },
  );

  it('refuses unknown codes and malformed devices with 400', async () => {
    expect(expectError(await enroll('AAAA-BBBB-CCCC'), 400)).toMatch(/invalid, used or expired/);
    const ben = await server().signIn(BEN);
    const { code } = await newCode(ben);
    const bad = await server().inject({
      method: 'POST',
      url: '/api/agent/enroll',
      payload: { code, device: { ...MAC, platform: 'beos' } },
    });
    expectError(bad, 400);
    expectError(await enroll(code, { ...MAC, name: '   ' }), 400);
    // A refused request does not use the code up.
    expect((await enroll(code)).statusCode).toBe(201);
  });

  it('completes the member’s device tasks from a report, with the device named', async () => {
    const ben = await server().signIn(BEN);
    const { token } = await enrolled(ben);
    const res = await report(token, allPass);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accepted: true,
      currentBrowsers: { chrome: '131.0.6778.85', firefox: '133.0' },
      updateKey: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    });
    const disk = await benTask('encrypt-disk');
    expect(disk.isCompleted).toBe(true);
    expect(disk.evidence).toEqual([
      expect.objectContaining({
        source: 'agent',
        verdict: 'pass',
        detail: "Checked on Ben's MacBook: FileVault is on.",
      }),
    ]);
    // "unknown" leaves the task as it was marked by hand.
    expect((await benTask('update-browser')).evidence).toEqual([]);
    // Nobody else's tasks change.
    const alice = await server().signIn(ALICE);
    const aliceDisk = (await tasks.tasksOf(alice)).find((t) => t.catalogueId === 'encrypt-disk');
    expect(aliceDisk?.evidence).toEqual([]);

    // A later report that fails reopens it, with the reason.
    await report(token, [check('disk-encryption', 'fail', 'FileVault is off.')]);
    const reopened = await benTask('encrypt-disk');
    expect(reopened.isCompleted).toBe(false);
    expect(reopened.evidence[0]).toMatchObject({
      verdict: 'fail',
      detail: expect.stringMatching(/FileVault is off/),
    });
    const marked = await tasks.complete(reopened.id, ben);
    expect(expectError(marked, 409)).toMatch(/endpoint agent found this is not done yet/);
  });

  it('passes a check only when every active device of the member passes it', async () => {
    const ben = await server().signIn(BEN);
    const mac = await enrolled(ben, MAC);
    const pc = await enrolled(ben, PC);
    await report(mac.token, allPass);
    await report(pc.token, [check('disk-encryption', 'fail', 'BitLocker is off on C:.')]);
    const disk = await benTask('encrypt-disk');
    expect(disk.isCompleted).toBe(false);
    expect(disk.evidence[0]?.detail).toMatch(/Ben's PC: BitLocker is off on C:/);

    await report(pc.token, [check('disk-encryption', 'unknown', 'Could not tell.')]);
    expect((await benTask('encrypt-disk')).evidence).toEqual([]);

    await report(pc.token, [check('disk-encryption', 'pass', 'BitLocker is on.')]);
    const both = await benTask('encrypt-disk');
    expect(both.isCompleted).toBe(true);
    expect(both.evidence[0]?.detail).toBe("Checked on Ben's MacBook and Ben's PC.");

    // The PC goes silent for 14 days: only the Mac counts.
    await report(pc.token, [check('disk-encryption', 'fail', 'BitLocker is off on C:.')]);
    expect((await benTask('encrypt-disk')).isCompleted).toBe(false);
    const longAgo = new Date(Date.now() - 15 * 24 * 3_600_000);
    await server()
      .database.db.update(agentDevices)
      .set({ lastReportAt: longAgo })
      .where(eq(agentDevices.id, pc.deviceId));
    expect(await judgeStaleDevices(server().database.db)).toBeGreaterThanOrEqual(1);
    expect((await benTask('encrypt-disk')).isCompleted).toBe(true);
    const listed = (await devices(ben)).json().devices;
    expect(listed.find((d: { id: string }) => d.id === pc.deviceId)).toMatchObject({ stale: true });
    expect(listed.find((d: { id: string }) => d.id === mac.deviceId)).toMatchObject({
      stale: false,
    });
  });

  it('refuses replayed, future, unauthenticated and revoked reports and changes nothing', async () => {
    const ben = await server().signIn(BEN);
    const { token, deviceId } = await enrolled(ben);
    const at = new Date(Date.now() - 60_000);
    expect((await report(token, allPass, at)).statusCode).toBe(200);
    const replay = await report(token, [check('disk-encryption', 'fail')], at);
    expect(expectError(replay, 409)).toMatch(/not newer/);
    expect((await benTask('encrypt-disk')).isCompleted).toBe(true);

    const future = await report(token, allPass, new Date(Date.now() + 11 * 60_000));
    expect(expectError(future, 400)).toMatch(/future/);

    const none = await server().inject({
      method: 'POST',
      url: '/api/agent/report',
      payload: { reportedAt: new Date().toISOString(), checks: allPass },
    });
    expect(expectError(none, 401)).toMatch(/device token is required/);
    expectError(await report('cagt_not-a-real-token', allPass), 401);

    // Malformed reports: a check twice, an unknown check, evidence too long, nothing at all.
    expectError(await report(token, [check('firewall', 'pass'), check('firewall', 'fail')]), 400);
    expectError(await report(token, [{ id: 'telepathy', verdict: 'pass', evidence: '' }]), 400);
    expectError(await report(token, [check('firewall', 'pass', 'x'.repeat(501))]), 400);
    expectError(await report(token, []), 400);
    const huge = await server().inject({
      method: 'POST',
      url: '/api/agent/report',
      headers: { authorization: `Bearer ${token}` },
      payload: { reportedAt: new Date().toISOString(), checks: allPass, pad: 'x'.repeat(70_000) },
    });
    expect(huge.statusCode).toBe(413);

    // Removed in Settings: the token stops working and the verdicts stop counting.
    expect((await remove(ben, deviceId)).statusCode).toBe(204);
    expect(expectError(await report(token, allPass), 401)).toMatch(/not enrolled/);
    expect((await benTask('encrypt-disk')).evidence).toEqual([]);
    expect(await auditRows(server, 'agent_device.removed')).toHaveLength(1);
  });

  it('lets the agent unenroll itself with its token', async () => {
    const ben = await server().signIn(BEN);
    const { token } = await enrolled(ben);
    await report(token, allPass);
    const res = await server().inject({
      method: 'POST',
      url: '/api/agent/unenroll',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(204);
    expect((await devices(ben)).json().devices).toEqual([]);
    expect((await benTask('encrypt-disk')).evidence).toEqual([]);
    expectError(await report(token, allPass), 401);
  });

  it('shows members their own devices and administrators everyone’s, never another organisation’s', async () => {
    const ben = await server().signIn(BEN);
    const alice = await server().signIn(ALICE);
    const noah = await server().signIn(NOAH);
    const benMac = await enrolled(ben);
    await report(benMac.token, allPass);
    await enrolled(alice, { ...MAC, name: "Alice's laptop", platform: 'linux' });

    const own = (await devices(ben)).json().devices;
    expect(own.map((d: { name: string }) => d.name)).toEqual(["Ben's MacBook"]);
    expect(own[0]).toMatchObject({
      owner: { name: 'Ben Carter', email: BEN },
      lastReportAt: expect.any(String),
      checks: expect.arrayContaining([
        { id: 'disk-encryption', verdict: 'pass', evidence: 'FileVault is on.', needsAdmin: false },
      ]),
    });
    expectError(await devices(ben, 'organization'), 403);
    const everyone = (await devices(alice, 'organization')).json().devices;
    expect(everyone.map((d: { name: string }) => d.name).sort()).toEqual([
      "Alice's laptop",
      "Ben's MacBook",
    ]);
    expect((await devices(noah, 'organization')).json().devices).toEqual([]);

    // A member cannot remove someone else's device, nor can another organisation's admin.
    expectError(
      await remove(ben, everyone.find((d: { name: string }) => d.name !== "Ben's MacBook").id),
      404,
    );
    expectError(await remove(noah, benMac.deviceId), 404);
    expectError(await remove(ben, 'not-a-uuid'), 400);
    // An administrator may remove any device of the organisation.
    expect((await remove(alice, benMac.deviceId)).statusCode).toBe(204);
  });

  it('limits reports and unenrollments per client address, whatever token is sent', async () => {
    const from = '10.99.0.1';
    const call = (url: string, token: string) =>
      server().inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: url.endsWith('report')
          ? { reportedAt: nextTime().toISOString(), checks: allPass }
          : undefined,
        remoteAddress: from,
      });
    // Made-up tokens, a new one each time: each is refused, and each counts.
    for (const url of ['/api/agent/report', '/api/agent/unenroll']) {
      for (let i = 0; i < 60; i += 1) expectError(await call(url, `made-up-token-${i}`), 401);
      expectError(await call(url, 'made-up-token-60'), 429);
    }
    // A device elsewhere is not held back.
    const { token } = await enrolled(await server().signIn(BEN));
    expect((await report(token, allPass)).statusCode).toBe(200);
  });

  it('needs a signed-in member for codes and devices', async () => {
    expectError(await server().inject({ method: 'POST', url: '/api/agent/enrollment-codes' }), 401);
    expectError(await server().inject({ url: '/api/agent/devices' }), 401);
  });
});
