import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MobileDeviceSeed } from '../../../../test/fakes/google/devices';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fakes/google/fake-google';
import type { WorkspaceOptions } from '../../../../test/fakes/google/world';
import { fakeGoogleSession } from '../../../../test/google-api-session';
import { DEVICES_NOT_GRANTED, DEVICES_REFUSED, MOBILE_SCOPE, readDevices } from './devices';

const DOMAIN = 'acme.test';
const ADMIN = `admin@${DOMAIN}`;
const BEN = `ben@${DOMAIN}`;
const now = new Date('2026-11-29T10:00:00Z');
const AUTH = 'https://www.googleapis.com/auth/';

const phone: MobileDeviceSeed = {
  email: BEN,
  model: 'Pixel 7',
  os: 'Android 14',
  lastSync: now,
  serialNumber: 'HT82V1A01076',
  passwordSet: false,
  securityPatchLevel: '2026-09-05',
};

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());

function world(options: Partial<WorkspaceOptions> = {}) {
  google.setWorld({
    domain: DOMAIN,
    now,
    systemDefaults: false,
    gmailSpam: {},
    users: [{ email: ADMIN, isAdmin: true }, { email: BEN }],
    ...options,
  });
}
beforeEach(() => {
  world({
    mobileDevices: [phone, { email: BEN, model: 'iPhone 15', os: 'iOS 17.4', lastSync: now }],
    chromeosDevices: [
      {
        email: BEN,
        model: 'ASUS Chromebook C202SA',
        osVersion: '103.0.5060.132',
        lastSync: now,
        serialNumber: 'CB1',
        autoUpdateThrough: '2022-06-01',
      },
    ],
  });
  google.clearRequests();
});

const read = (scopes?: string[]) =>
  readDevices(fakeGoogleSession(google, ADMIN, scopes ? { scopes } : {}), new Set([BEN]));

describe('readDevices', () => {
  it('keeps the members’ phones and Chromebooks with what Google says of them', async () => {
    expect(await read()).toEqual({
      listed: 3,
      devices: [
        {
          id: expect.any(String),
          name: 'Pixel 7',
          serial: 'HT82V1A01076',
          email: BEN,
          kind: 'phone',
          os: 'Android',
          osVersion: '14',
          lastSync: '2026-11-29T10:00:00.000Z',
          encrypted: true,
          screenLock: false,
          compromised: false,
          patchDate: '2026-09-05',
        },
        expect.objectContaining({ name: 'iPhone 15', kind: 'phone', os: 'iOS', screenLock: true }),
        {
          id: expect.any(String),
          name: 'ASUS Chromebook C202SA',
          serial: 'CB1',
          email: BEN,
          kind: 'computer',
          os: 'ChromeOS',
          osVersion: '103.0.5060.132',
          lastSync: '2026-11-29T10:00:00.000Z',
          encrypted: true,
          updatesUntil: '2022-06-01',
        },
      ],
    });
  });

  it('reads every page of 100 phones', async () => {
    const others = Array.from({ length: 230 }, (_, i) => ({
      ...phone,
      email: `someone${i}@${DOMAIN}`,
      serialNumber: `S${i}`,
    }));
    world({ mobileDevices: [...others, phone] });
    google.clearRequests();
    expect(await read()).toMatchObject({ listed: 231, devices: [{ serial: 'HT82V1A01076' }] });
    const pages = google.requests().filter((r) => r.path.endsWith('/devices/mobile'));
    expect(pages).toHaveLength(3);
    expect(pages[1]?.query.pageToken).toBeTruthy();
  });

  it('asks to reconnect when the grant has neither device scope', async () => {
    expect(await read([`${AUTH}admin.directory.user.readonly`])).toEqual({
      devices: null,
      unknown: DEVICES_NOT_GRANTED,
    });
    expect(google.requests()).toEqual([]);
  });

  it('reads the phones alone when only their scope was granted', async () => {
    expect(await read([MOBILE_SCOPE])).toMatchObject({ listed: 2 });
  });

  it('says why when Google refuses (403)', async () => {
    world({
      users: [{ email: ADMIN }, { email: `boss@${DOMAIN}`, isAdmin: true }],
      mobileDevices: [phone],
    });
    expect(await read()).toEqual({ devices: null, unknown: DEVICES_REFUSED });
  });
});
