import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import { fakeGraphSession } from '../../../../test/fakes/microsoft/graph-session';
import type { ManagedDeviceSeed } from '../../../../test/fakes/microsoft/managed-devices';
import {
  DEVICES_NOT_GRANTED,
  NO_INTUNE,
  NO_INTUNE_ROLE,
  readManagedDevices,
} from './managed-devices';

const D = 'tidewater.test';
const ANNA = `anna@${D}`;
const now = new Date('2026-11-29T10:00:00Z');
const laptop: ManagedDeviceSeed = {
  email: ANNA,
  deviceName: 'ANNA-LAPTOP',
  operatingSystem: 'Windows',
  osVersion: '10.0.22631.3447',
  isEncrypted: false,
  complianceState: 'noncompliant',
  lastSync: now,
  serialNumber: 'PF3ABCDE',
};
const phone: ManagedDeviceSeed = {
  email: ANNA,
  deviceName: 'Anna’s Pixel',
  operatingSystem: 'Android',
  osVersion: '14',
  jailBroken: 'True',
  lastSync: now,
  androidSecurityPatchLevel: '2026-09-05',
  serialNumber: 'HT82V1A01076',
};

let microsoft: FakeMicrosoft;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({ tenant: { domain: D, users: [{ email: ANNA }] } });
});
afterAll(() => microsoft.close());

const tenant = (devices: ManagedDeviceSeed[], intune?: 'none' | 'forbidden') =>
  microsoft.reset({
    domain: D,
    now,
    users: [{ email: ANNA, isAdmin: true }],
    devices,
    ...(intune ? { intune } : {}),
  });
const read = (members = [ANNA], scopes?: string[]) =>
  readManagedDevices(fakeGraphSession(microsoft, ANNA, scopes ? { scopes } : {}), new Set(members));

beforeEach(() => tenant([laptop, phone]));

describe('readManagedDevices', () => {
  it('keeps the members’ devices with their states, compactly', async () => {
    expect(await read()).toEqual({
      listed: 2,
      devices: [
        {
          id: expect.any(String),
          name: 'ANNA-LAPTOP',
          serial: 'PF3ABCDE',
          email: ANNA,
          kind: 'computer',
          os: 'Windows',
          osVersion: '10.0.22631.3447',
          lastSync: '2026-11-29T10:00:00.000Z',
          encrypted: false,
          compliance: 'noncompliant',
        },
        {
          id: expect.any(String),
          name: 'Anna’s Pixel',
          serial: 'HT82V1A01076',
          email: ANNA,
          kind: 'phone',
          os: 'Android',
          osVersion: '14',
          lastSync: '2026-11-29T10:00:00.000Z',
          encrypted: true,
          compromised: true,
          compliance: 'compliant',
          patchDate: '2026-09-05',
        },
      ],
    });
    const [request] = microsoft.requests().filter((r) => r.path.includes('managedDevices'));
    expect(request?.query.$select).toContain('isEncrypted');
  });

  it('follows @odata.nextLink over every page, keeping only members’ devices', async () => {
    const others = Array.from({ length: 2_400 }, (_, i) => ({
      ...laptop,
      email: `someone${i}@${D}`,
      deviceName: `PC-${i}`,
      serialNumber: `S${i}`,
    }));
    tenant([...others, laptop]);
    microsoft.clearRequests();
    const read2 = await read();
    expect(read2).toMatchObject({ listed: 2_401, devices: [{ name: 'ANNA-LAPTOP' }] });
    expect(microsoft.requests().filter((r) => r.path.includes('managedDevices'))).toHaveLength(3);
  });

  it('tells a tenant without Intune, in either of Graph’s answers, without failing', async () => {
    tenant([laptop], 'none');
    expect(await read()).toEqual({ devices: null, unknown: NO_INTUNE });
    tenant([laptop], 'forbidden');
    expect(await read()).toEqual({ devices: null, unknown: NO_INTUNE_ROLE });
  });

  it('asks to reconnect when the grant lacks the permission, without calling Graph', async () => {
    microsoft.clearRequests();
    expect(await read([ANNA], ['User.Read.All', 'offline_access'])).toEqual({
      devices: null,
      unknown: DEVICES_NOT_GRANTED,
    });
    expect(microsoft.requests().filter((r) => r.path.includes('managedDevices'))).toEqual([]);
  });

  it('asks to reconnect when Graph refuses the permission', async () => {
    microsoft.revokeScope('DeviceManagementManagedDevices.Read.All');
    expect(await read()).toEqual({ devices: null, unknown: DEVICES_NOT_GRANTED });
  });

  it('waits out a 429 and goes on', async () => {
    microsoft.failNext('/v1.0/deviceManagement/managedDevices', 429, { retryAfterSeconds: 0 });
    expect(await read()).toMatchObject({ listed: 2 });
  });
});
