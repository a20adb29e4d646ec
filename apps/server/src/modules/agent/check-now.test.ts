import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGENT_CHECK_NOW, type AgentDeviceInfo } from '@castellan/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { agentDevices } from '../../db/schema';
import { isDue } from './service';

const LAPTOP: AgentDeviceInfo = {
  name: "Ben's laptop",
  platform: 'linux',
  osVersion: 'Ubuntu 24.04',
  agentVersion: '0.1.0',
};

// Codes are given only by a server with an agent to hand out.
const dist = mkdtempSync(path.join(tmpdir(), 'castellan-agent-dist-'));
writeFileSync(path.join(dist, 'castellan-agent.mjs'), 'console.log("an agent build");\n');

describe('whether a device is due', () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('is due when asked after its last report, until the request is old', () => {
    expect(isDue({ checkNowAt: null, lastReportAt: ago(60) }, now)).toBe(false);
    expect(isDue({ checkNowAt: ago(30), lastReportAt: ago(60) }, now)).toBe(true);
    expect(isDue({ checkNowAt: ago(30), lastReportAt: null }, now)).toBe(true);
    expect(isDue({ checkNowAt: ago(30), lastReportAt: ago(10) }, now)).toBe(false);
    expect(isDue({ checkNowAt: ago(AGENT_CHECK_NOW.dueSeconds), lastReportAt: null }, now)).toBe(
      false,
    );
  });
});

describe.each(databaseKinds())('check again now on %s', (kind) => {
  const server = useTestApp(kind, { seed: true, env: { AGENT_DIST_DIR: dist } });

  let client = 0;
  const nextAddress = () => `10.1.${Math.floor(++client / 250)}.${client % 250}`;
  const enrolled = async (cookie: string, device: AgentDeviceInfo = LAPTOP) => {
    const code = await server().inject({
      method: 'POST',
      url: '/api/agent/enrollment-codes',
      headers: { cookie },
      remoteAddress: nextAddress(),
    });
    expect(code.statusCode, code.body).toBe(201);
    const res = await server().inject({
      method: 'POST',
      url: '/api/agent/enroll',
      payload: { code: code.json().code, device },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { deviceId: string; token: string };
  };
  const checkNow = (cookie: string, id: string, remoteAddress = nextAddress()) =>
    server().inject({
      method: 'POST',
      url: `/api/agent/devices/${id}/check-now`,
      headers: { cookie },
      remoteAddress,
    });
  const due = (token: string, remoteAddress = nextAddress()) =>
    server().inject({
      url: '/api/agent/due',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });
  const report = (token: string) =>
    server().inject({
      method: 'POST',
      url: '/api/agent/report',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        reportedAt: new Date().toISOString(),
        checks: [{ id: 'firewall', verdict: 'pass', evidence: 'ufw is active.' }],
      },
      remoteAddress: nextAddress(),
    });

  beforeEach(async () => {
    await server().database.db.delete(agentDevices);
  });

  it('makes the device due until it reports, and tells the agent how to keep asking', async () => {
    const ben = await server().signIn(BEN);
    const { deviceId, token } = await enrolled(ben);
    expect((await due(token)).json()).toEqual({
      due: false,
      pollSeconds: AGENT_CHECK_NOW.pollSeconds,
      watchSeconds: AGENT_CHECK_NOW.watchSeconds,
    });

    const asked = await checkNow(ben, deviceId);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(Date.parse(asked.json().requestedAt)).toBeLessThanOrEqual(Date.now());
    expect((await due(token)).json().due).toBe(true);

    // The report answers the request.
    expect((await report(token)).statusCode).toBe(200);
    expect((await due(token)).json().due).toBe(false);
  });

  it('lets the member and their administrators ask, nobody else', async () => {
    const ben = await server().signIn(BEN);
    const alice = await server().signIn(ALICE);
    const noah = await server().signIn(NOAH);
    const benLaptop = await enrolled(ben);
    const aliceLaptop = await enrolled(alice, { ...LAPTOP, name: "Alice's laptop" });

    expectError(await checkNow(ben, aliceLaptop.deviceId), 404);
    expectError(await checkNow(noah, benLaptop.deviceId), 404);
    expectError(await checkNow(ben, 'not-a-uuid'), 400);
    expect((await due(aliceLaptop.token)).json().due).toBe(false);
    expect((await due(benLaptop.token)).json().due).toBe(false);

    expect((await checkNow(alice, benLaptop.deviceId)).statusCode).toBe(200);
    expect((await due(benLaptop.token)).json().due).toBe(true);

    const anonymous = await server().inject({
      method: 'POST',
      url: `/api/agent/devices/${benLaptop.deviceId}/check-now`,
    });
    expect(anonymous.statusCode).toBe(401);
    expectError(await due('not-a-device-token'), 401);
  });

  it('limits how often a person asks', async () => {
    const ben = await server().signIn(BEN);
    const { deviceId } = await enrolled(ben);
    const from = '10.98.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await checkNow(ben, deviceId, from)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
