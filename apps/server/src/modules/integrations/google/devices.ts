// The members' phones and Chromebooks as Google's endpoint management lists them.
//
// Which API: Cloud Identity's devices + deviceUsers would also list computers (with Endpoint
// Verification), but Google documents its scopes as needing domain-wide delegation (a service
// account impersonating an administrator), which Castellan's connect flow does not set up, and
// whether an administrator's own 3-legged token works is unconfirmed (integrations-reference-2
// §2, §9). The Directory API's mobiledevices and chromeosdevices lists work with the
// administrator's own grant like users.list does, so they are read: phones and tablets that sync
// the account, and Chromebooks. Their status strings are free text (§2.2): parsed loosely, and
// what is not recognised is left unsaid.
import { z } from 'zod';
import type { SuiteDevice, SuiteDevicesRead } from '../kit/suite-device';
import type { GoogleApi } from './google-api';
import { GoogleApiError } from './google-api-error';
import { parsePage } from './parse-page';
import { grantsScope } from './scopes';

const AUTH = 'https://www.googleapis.com/auth/';
export const MOBILE_SCOPE = `${AUTH}admin.directory.device.mobile.readonly`;
export const CHROMEOS_SCOPE = `${AUTH}admin.directory.device.chromeos.readonly`;
export const DEVICES_NOT_GRANTED = 'Reconnect Google Workspace to allow reading devices';
export const DEVICES_REFUSED =
  'Google refused to list devices: reconnect Google Workspace with a super administrator';

const MOBILE_PATH = '/admin/directory/v1/customer/my_customer/devices/mobile';
const CHROMEOS_PATH = '/admin/directory/v1/customer/my_customer/devices/chromeos';

const mobile = z.object({
  resourceId: z.string(),
  serialNumber: z.string().optional(),
  email: z.array(z.string()).optional(),
  model: z.string().optional(),
  os: z.string().optional(),
  type: z.string().optional(),
  status: z.string().optional(),
  lastSync: z.string().optional(),
  encryptionStatus: z.string().optional(),
  deviceCompromisedStatus: z.string().optional(),
  devicePasswordStatus: z.string().optional(),
  securityPatchLevel: z.string().optional(),
});
const mobilePage = z.object({ mobiledevices: z.array(mobile).optional() });
const MOBILE_FIELDS = `nextPageToken,mobiledevices(${Object.keys(mobile.shape).join(',')})`;

const chromeos = z.object({
  deviceId: z.string(),
  serialNumber: z.string().optional(),
  status: z.string().optional(),
  model: z.string().optional(),
  osVersion: z.string().optional(),
  lastSync: z.string().optional(),
  annotatedUser: z.string().optional(),
  recentUsers: z.array(z.object({ email: z.string().optional() })).optional(),
  autoUpdateThrough: z.string().optional(),
  autoUpdateExpiration: z.string().optional(),
});
const chromeosPage = z.object({ chromeosdevices: z.array(chromeos).optional() });
const CHROMEOS_FIELDS = `nextPageToken,chromeosdevices(${Object.keys(chromeos.shape).join(',')})`;

const WIPED = new Set(['WIPING', 'WIPED', 'ACCOUNT_WIPING', 'ACCOUNT_WIPED']);

/** A day (yyyy-mm-dd) from a date, a timestamp or milliseconds since 1970 as a string. */
function dayOf(value: string | undefined): string | undefined {
  if (!value || value === '0') return undefined;
  const at = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(at) || at <= 0 ? undefined : new Date(at).toISOString().slice(0, 10);
}

const isoOf = (value: string | undefined) => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
};

/** "On"/"Off", "Encrypted"/"Not encrypted", …: true, false, or undefined when not recognised. */
function flag(value: string | undefined, yes: RegExp, no: RegExp): boolean | undefined {
  if (!value) return undefined;
  if (no.test(value)) return false;
  return yes.test(value) ? true : undefined;
}

function mobileDevice(d: z.infer<typeof mobile>, email: string): SuiteDevice {
  const [, system = d.os ?? '', version] = /^(.*?)\s+(\d[\w.]*)$/.exec(d.os ?? '') ?? [];
  const phone = /android|ios|ipados/i.test(`${d.os ?? ''} ${d.type ?? ''}`);
  const device: SuiteDevice = {
    id: d.resourceId,
    name: d.model?.trim() || system || 'Mobile device',
    email,
    kind: phone ? 'phone' : 'other',
    os: system.trim() || 'Unknown system',
  };
  if (d.serialNumber?.trim()) device.serial = d.serialNumber.trim();
  if (version) device.osVersion = version;
  const lastSync = isoOf(d.lastSync);
  if (lastSync) device.lastSync = lastSync;
  const encrypted = flag(d.encryptionStatus, /^encrypted$/i, /not|unencrypted/i);
  if (encrypted !== undefined) device.encrypted = encrypted;
  const lock = flag(d.devicePasswordStatus, /^on$/i, /^off$/i);
  if (lock !== undefined) device.screenLock = lock;
  const compromised = flag(d.deviceCompromisedStatus, /compromis/i, /^no /i);
  if (compromised !== undefined) device.compromised = compromised;
  const patch = dayOf(d.securityPatchLevel);
  if (patch && /android/i.test(system)) device.patchDate = patch;
  return device;
}

function chromebook(d: z.infer<typeof chromeos>, email: string): SuiteDevice {
  const device: SuiteDevice = {
    id: d.deviceId,
    name: d.model?.trim() || 'Chromebook',
    email,
    kind: 'computer',
    os: 'ChromeOS',
    // ChromeOS encrypts every user's data on the device, always.
    encrypted: true,
  };
  if (d.serialNumber?.trim()) device.serial = d.serialNumber.trim();
  if (d.osVersion) device.osVersion = d.osVersion;
  const lastSync = isoOf(d.lastSync);
  if (lastSync) device.lastSync = lastSync;
  const until = dayOf(d.autoUpdateThrough) ?? dayOf(d.autoUpdateExpiration);
  if (until) device.updatesUntil = until;
  return device;
}

const memberOf = (emails: (string | undefined)[], members: ReadonlySet<string>) =>
  emails.map((e) => e?.toLowerCase()).find((e): e is string => e !== undefined && members.has(e));

export async function readDevices(
  api: GoogleApi,
  memberEmails: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<SuiteDevicesRead> {
  const scopes = api.grant.scopes;
  const mobileGranted = grantsScope(scopes, MOBILE_SCOPE);
  const chromeosGranted = grantsScope(scopes, CHROMEOS_SCOPE);
  if (!mobileGranted && !chromeosGranted) return { devices: null, unknown: DEVICES_NOT_GRANTED };
  const devices: SuiteDevice[] = [];
  let listed = 0;
  const options = signal ? { signal } : {};
  try {
    if (mobileGranted) {
      const query = { maxResults: 100, projection: 'FULL', fields: MOBILE_FIELDS };
      for await (const body of api.pages('admin', MOBILE_PATH, query, options)) {
        for (const d of parsePage(mobilePage, body, `Google ${MOBILE_PATH}`).mobiledevices ?? []) {
          listed += 1;
          const email = memberOf(d.email ?? [], memberEmails);
          if (email && !WIPED.has(d.status?.toUpperCase() ?? '')) {
            devices.push(mobileDevice(d, email));
          }
        }
      }
    }
    if (chromeosGranted) {
      const query = { maxResults: 300, projection: 'FULL', fields: CHROMEOS_FIELDS };
      for await (const body of api.pages('admin', CHROMEOS_PATH, query, options)) {
        const page = parsePage(chromeosPage, body, `Google ${CHROMEOS_PATH}`);
        for (const d of page.chromeosdevices ?? []) {
          listed += 1;
          const users = [d.annotatedUser, ...(d.recentUsers ?? []).map((u) => u.email)];
          const email = memberOf(users, memberEmails);
          if (email && (d.status ?? 'ACTIVE').toUpperCase() === 'ACTIVE') {
            devices.push(chromebook(d, email));
          }
        }
      }
    }
  } catch (err) {
    if (err instanceof GoogleApiError && err.kind === 'permission_missing') {
      return { devices: null, unknown: DEVICES_REFUSED };
    }
    throw err;
  }
  return { devices, listed };
}
