import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, useTestApp } from '../../../test/test-app';
import { agentDevices, integrations, taskChanges, taskEvidence, users } from '../../db/schema';
import { insertDevice, storeReport } from '../agent/repository';
import type { SuiteDevice } from '../integrations/kit/suite-device';
import { recordSuiteVerdicts } from '../integrations/kit/suite-verdicts';
import { listEvidenceFrom, listTaskChanges } from '../tasks/repository';
import { devicesOf } from './device-list';
import { judgeDevices } from './judge-devices';

const now = new Date('2026-11-29T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe.each(databaseKinds())('devices from the agent and the suites on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const db = () => server().database.db;
  let organizationId = '';
  let benId = '';

  const laptop: SuiteDevice = {
    id: 'i-laptop',
    name: 'Ben’s MacBook',
    serial: 'C02XYZ',
    email: BEN,
    kind: 'computer',
    os: 'macOS',
    osVersion: '15.1',
    lastSync: hoursAgo(1).toISOString(),
    encrypted: true,
    compliance: 'compliant',
  };
  const phone: SuiteDevice = {
    id: 'i-phone',
    name: 'Ben’s Pixel',
    email: BEN,
    kind: 'phone',
    os: 'Android',
    osVersion: '14',
    lastSync: hoursAgo(2).toISOString(),
    patchDate: '2026-04-01',
  };

  const agentReportAt = async (deviceId: string, at: Date, encrypted: boolean) =>
    storeReport(db(), deviceId, {
      reportedAt: at,
      receivedAt: at,
      checks: [
        {
          id: 'disk-encryption',
          verdict: encrypted ? 'pass' : 'fail',
          evidence: encrypted ? 'FileVault is on.' : 'FileVault is off.',
          needsAdmin: false,
        },
        { id: 'firewall', verdict: 'pass', evidence: 'The firewall is on.', needsAdmin: false },
      ],
    });
  const evidenceOf = async (catalogueId: string) =>
    (await listEvidenceFrom(db(), organizationId, ['agent', 'm365']))
      .filter((e) => e.catalogueId === catalogueId && e.userId === benId)
      .map((e) => ({ source: e.source, verdict: e.verdict, detail: e.detail }));

  beforeEach(async () => {
    const [ben] = await db().select().from(users).where(eq(users.email, BEN));
    if (!ben) throw new Error('no Ben');
    benId = ben.id;
    organizationId = ben.organizationId;
    await db().delete(agentDevices);
    await db().delete(taskEvidence).where(eq(taskEvidence.organizationId, organizationId));
    await db().delete(taskChanges).where(eq(taskChanges.organizationId, organizationId));
    await db()
      .delete(integrations)
      .where(
        and(
          eq(integrations.organizationId, organizationId),
          eq(integrations.integrationId, 'm365'),
        ),
      );
    await db()
      .insert(integrations)
      .values({
        organizationId,
        integrationId: 'm365',
        status: 'connected',
        lastScan: hoursAgo(1),
        facts: { userCount: 3, devices: { listed: 5, devices: [laptop, phone] } },
      });
  });

  it('lets Intune’s newer report beat the agent’s older one on the same laptop, and back', async () => {
    const { id } = await insertDevice(db(), {
      organizationId,
      userId: benId,
      tokenHash: 'hash-1',
      name: "Ben's MacBook",
      platform: 'darwin',
      osVersion: '15.1',
      agentVersion: '0.1.0',
    });
    await agentReportAt(id, hoursAgo(48), false);
    await judgeDevices(db(), organizationId, { now });

    expect(await evidenceOf('encrypt-disk')).toEqual([
      {
        source: 'm365',
        verdict: 'pass',
        detail:
          "Checked on Ben's MacBook: Intune, 29 Nov: The disk is encrypted; Agent, 27 Nov: FileVault is off.",
      },
    ]);
    expect(await evidenceOf('enable-firewall')).toMatchObject([
      { source: 'agent', verdict: 'pass' },
    ]);
    expect(await evidenceOf('lock-phone')).toMatchObject([{ source: 'm365', verdict: 'fail' }]);

    // The agent reports again, newer: its verdict wins, Intune's on that task goes.
    await agentReportAt(id, hoursAgo(0.5), false);
    await judgeDevices(db(), organizationId, { now, onlyUserId: benId });
    expect(await evidenceOf('encrypt-disk')).toMatchObject([{ source: 'agent', verdict: 'fail' }]);
    expect(await evidenceOf('lock-phone')).toMatchObject([{ source: 'm365', verdict: 'fail' }]);
  });

  const enrollMac = async (tokenHash: string) =>
    insertDevice(db(), {
      organizationId,
      userId: benId,
      tokenHash,
      name: "Ben's MacBook",
      platform: 'darwin',
      osVersion: '15.1',
      agentVersion: '0.1.0',
    });
  const m365Row = async () => {
    const [row] = await db()
      .select()
      .from(integrations)
      .where(
        and(
          eq(integrations.organizationId, organizationId),
          eq(integrations.integrationId, 'm365'),
        ),
      );
    if (!row) throw new Error('no row');
    return row;
  };
  const changesOf = async (catalogueId: string) =>
    (await listTaskChanges(db(), organizationId, new Date(0), 1000))
      .filter((c) => c.catalogueId === catalogueId && c.userId === benId)
      .map((c) => ({ done: c.done, source: c.source }));

  it('keeps a suite’s device verdicts through its sync, so no device task flips', async () => {
    const { id } = await enrollMac('hash-3');
    await agentReportAt(id, hoursAgo(48), true);
    await judgeDevices(db(), organizationId, { now });
    expect(await evidenceOf('encrypt-disk')).toMatchObject([{ source: 'm365', verdict: 'pass' }]);
    const changes = await changesOf('encrypt-disk');
    expect(changes).toEqual([{ done: true, source: 'm365' }]);

    // A sync records the suite's other verdicts, then the devices are judged again.
    await recordSuiteVerdicts(
      db(),
      await m365Row(),
      'm365',
      [{ catalogueId: 'enable-mfa', userId: benId, verdict: 'pass', detail: null }],
      3,
    );
    expect(await evidenceOf('encrypt-disk')).toMatchObject([{ source: 'm365', verdict: 'pass' }]);
    await judgeDevices(db(), organizationId, { now });
    expect(await evidenceOf('enable-mfa')).toMatchObject([{ source: 'm365', verdict: 'pass' }]);
    expect(await evidenceOf('encrypt-disk')).toMatchObject([{ source: 'm365', verdict: 'pass' }]);
    expect(await changesOf('encrypt-disk')).toEqual(changes);

    // An agent report re-judges the member: Intune's other verdicts stay.
    await judgeDevices(db(), organizationId, { now, onlyUserId: benId });
    expect(await evidenceOf('enable-mfa')).toMatchObject([{ source: 'm365', verdict: 'pass' }]);
  });

  it('gives the agent its verdicts back at once when the suite is disconnected', async () => {
    const { id } = await enrollMac('hash-4');
    await agentReportAt(id, hoursAgo(48), false);
    await judgeDevices(db(), organizationId, { now });
    expect(await evidenceOf('encrypt-disk')).toMatchObject([{ source: 'm365', verdict: 'pass' }]);

    const res = await server().inject({
      method: 'DELETE',
      url: '/api/integrations/m365',
      headers: { cookie: await server().signIn(ALICE) },
    });
    expect(res.statusCode).toBe(200);
    expect(await evidenceOf('encrypt-disk')).toEqual([
      { source: 'agent', verdict: 'fail', detail: "Checked on Ben's MacBook: FileVault is off." },
    ]);
    expect(await evidenceOf('lock-phone')).toEqual([]);
    // Judged before Intune's evidence went: the task closes once, and opens once.
    expect(await changesOf('encrypt-disk')).toEqual([
      { done: false, source: 'agent' },
      { done: true, source: 'm365' },
    ]);
  });

  it('lists each device once, with every source that reports on it', async () => {
    const { id } = await enrollMac('hash-2');
    await agentReportAt(id, hoursAgo(48), true);
    const listed = await devicesOf(db(), organizationId, benId, null, now);
    expect(listed.devices).toMatchObject([
      {
        id,
        name: "Ben's MacBook",
        alsoReportedBy: [{ source: 'm365', reportedAt: hoursAgo(1).toISOString() }],
      },
    ]);
    expect(listed.suiteDevices).toEqual([
      {
        id: 'm365:i-phone',
        name: 'Ben’s Pixel',
        kind: 'phone',
        system: 'Android 14',
        owner: { id: benId, name: expect.any(String), email: BEN },
        lastReportAt: hoursAgo(2).toISOString(),
        stale: false,
        reports: [{ source: 'm365', reportedAt: hoursAgo(2).toISOString() }],
        checks: [
          {
            name: 'Operating system updates',
            verdict: 'fail',
            evidence: 'Security update of 1 Apr 2026, more than three months old.',
          },
        ],
      },
    ]);
  });

  it('tells administrators why a suite’s devices are not read, and members nothing', async () => {
    await db()
      .update(integrations)
      .set({ facts: { userCount: 3, devices: { devices: null, unknown: 'No Intune licence.' } } })
      .where(
        and(
          eq(integrations.organizationId, organizationId),
          eq(integrations.integrationId, 'm365'),
        ),
      );
    const organization = await devicesOf(db(), organizationId, undefined, null, now);
    expect(organization.devicesUnknown).toEqual([{ source: 'm365', reason: 'No Intune licence.' }]);
    expect(organization.suiteDevices).toEqual([]);
    expect((await devicesOf(db(), organizationId, benId, null, now)).devicesUnknown).toEqual([]);
  });
});
