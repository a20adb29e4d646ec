// The Directory API's device lists (integrations-reference-2 §2.2): mobiledevices (page of at most
// 100) and chromeosdevices (at most 300), paged by pageToken, with Google's free-text statuses.
import { createHash } from 'node:crypto';
import { json } from '../kit/answers';
import { type ApiEndpoint, type ApiRequest, AUTH } from './api-endpoint';
import type { FieldSchema } from './fields';
import { badRequest, forbidden } from './google-errors';
import { maxResultsOf, nextPageToken, tokenPage } from './page-token';

export type MobileDeviceSeed = {
  email: string;
  model: string;
  /** "Android 14", "iOS 17.4". */
  os: string;
  type?: 'ANDROID' | 'IOS_SYNC' | 'GOOGLE_SYNC';
  lastSync: Date;
  serialNumber?: string;
  encrypted?: boolean;
  passwordSet?: boolean;
  compromised?: boolean;
  /** Android's security patch level, yyyy-mm-dd. */
  securityPatchLevel?: string;
  status?: string;
};

export type ChromeOsDeviceSeed = {
  email: string;
  model: string;
  osVersion: string;
  lastSync: Date;
  serialNumber?: string;
  /** yyyy-mm-dd: the last day it gets updates. */
  autoUpdateThrough: string;
  status?: 'ACTIVE' | 'DEPROVISIONED' | 'DISABLED';
};

const hex = (text: string, length: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

export function mobileDeviceOf(seed: MobileDeviceSeed, customerId: string) {
  const key = `${seed.email}|${seed.model}|${seed.serialNumber ?? ''}`;
  const android = seed.os.toLowerCase().startsWith('android');
  return {
    kind: 'admin#directory#mobiledevice',
    etag: `"${hex(`etag:${key}`, 27)}"`,
    resourceId: `AFiQxQ8${hex(`resource:${key}`, 24)}`,
    deviceId: hex(`device:${key}`, 16),
    name: [seed.email.split('@')[0] ?? seed.email],
    email: [seed.email],
    model: seed.model,
    os: seed.os,
    type: seed.type ?? (android ? 'ANDROID' : 'IOS_SYNC'),
    status: seed.status ?? 'APPROVED',
    firstSync: new Date(seed.lastSync.getTime() - 300 * 86_400_000).toISOString(),
    lastSync: seed.lastSync.toISOString(),
    serialNumber: seed.serialNumber ?? hex(`serial:${key}`, 12).toUpperCase(),
    encryptionStatus: (seed.encrypted ?? true) ? 'Encrypted' : 'Not encrypted',
    devicePasswordStatus: (seed.passwordSet ?? true) ? 'On' : 'Off',
    deviceCompromisedStatus: seed.compromised ? 'Compromise detected' : 'No compromise detected',
    // Google's reference types the patch level as a string; a date is what is assumed here.
    ...(android && seed.securityPatchLevel ? { securityPatchLevel: seed.securityPatchLevel } : {}),
    privilege: 'Undetected',
    adbStatus: false,
    developerOptionsStatus: false,
    unknownSourcesStatus: false,
    customerId,
  };
}

export function chromeOsDeviceOf(seed: ChromeOsDeviceSeed) {
  const key = `${seed.email}|${seed.model}|${seed.serialNumber ?? ''}`;
  return {
    kind: 'admin#directory#chromeosdevice',
    etag: `"${hex(`etag:${key}`, 27)}"`,
    deviceId: `${hex(`device:${key}`, 8)}-${hex(`d2:${key}`, 4)}-4${hex(`d3:${key}`, 3)}-8${hex(`d4:${key}`, 3)}-${hex(`d5:${key}`, 12)}`,
    serialNumber: seed.serialNumber ?? hex(`serial:${key}`, 10).toUpperCase(),
    status: seed.status ?? 'ACTIVE',
    model: seed.model,
    osVersion: seed.osVersion,
    platformVersion: `${seed.osVersion.split('.')[0] ?? ''}.0.0 (Official Build) stable-channel`,
    lastSync: seed.lastSync.toISOString(),
    annotatedUser: seed.email,
    recentUsers: [{ email: seed.email, type: 'USER_TYPE_MANAGED' }],
    orgUnitPath: '/',
    autoUpdateThrough: seed.autoUpdateThrough,
  };
}

const MOBILE_SCHEMA: FieldSchema = {
  kind: true,
  etag: true,
  resourceId: true,
  deviceId: true,
  name: true,
  email: true,
  model: true,
  os: true,
  type: true,
  status: true,
  firstSync: true,
  lastSync: true,
  serialNumber: true,
  imei: true,
  meid: true,
  encryptionStatus: true,
  devicePasswordStatus: true,
  deviceCompromisedStatus: true,
  securityPatchLevel: true,
  privilege: true,
  adbStatus: true,
  developerOptionsStatus: true,
  unknownSourcesStatus: true,
  customerId: true,
};
const CHROMEOS_SCHEMA: FieldSchema = {
  kind: true,
  etag: true,
  deviceId: true,
  serialNumber: true,
  status: true,
  model: true,
  osVersion: true,
  platformVersion: true,
  lastSync: true,
  annotatedUser: true,
  annotatedAssetId: true,
  orgUnitPath: true,
  autoUpdateThrough: true,
  autoUpdateExpiration: true,
  osUpdateStatus: true,
  osVersionCompliance: true,
  recentUsers: { email: true, type: true },
};

export type FakeMobileDevice = ReturnType<typeof mobileDeviceOf>;
export type FakeChromeOsDevice = ReturnType<typeof chromeOsDeviceOf>;

function list(
  req: ApiRequest,
  items: readonly unknown[],
  p: { max: number; kind: string; key: string },
) {
  const { query, params, world } = req;
  if (params.customer !== 'my_customer' && params.customer !== world.customerId) return forbidden();
  const size = maxResultsOf(query, p.max, p.max);
  if (typeof size !== 'number') return size;
  const bound = ['orderBy', 'sortOrder', 'projection', 'query', 'orgUnitPath'];
  const page = tokenPage(items, query, size, bound);
  if (!page) return badRequest('admin', 'Invalid Input: pageToken', 'invalid', 'pageToken');
  return json(200, {
    kind: p.kind,
    etag: `"${hex(`${p.key}:${page.offset}:${world.customerId}`, 27)}"`,
    ...(page.items.length > 0 ? { [p.key]: page.items } : {}),
    ...nextPageToken(page),
  });
}

export const mobileDevicesList: ApiEndpoint = {
  pattern: /^\/admin\/directory\/v1\/customer\/(?<customer>[^/]+)\/devices\/mobile$/,
  api: 'directory',
  service: 'admin.googleapis.com',
  scopes: [`${AUTH}admin.directory.device.mobile.readonly`, `${AUTH}admin.directory.device.mobile`],
  schema: { kind: true, etag: true, nextPageToken: true, mobiledevices: MOBILE_SCHEMA },
  handle: (req) =>
    list(req, req.world.mobileDevices ?? [], {
      max: 100,
      kind: 'admin#directory#mobiledevices',
      key: 'mobiledevices',
    }),
};

export const chromeOsDevicesList: ApiEndpoint = {
  pattern: /^\/admin\/directory\/v1\/customer\/(?<customer>[^/]+)\/devices\/chromeos$/,
  api: 'directory',
  service: 'admin.googleapis.com',
  scopes: [
    `${AUTH}admin.directory.device.chromeos.readonly`,
    `${AUTH}admin.directory.device.chromeos`,
  ],
  schema: { kind: true, etag: true, nextPageToken: true, chromeosdevices: CHROMEOS_SCHEMA },
  handle: (req) =>
    list(req, req.world.chromeosDevices ?? [], {
      max: 300,
      kind: 'admin#directory#chromeosdevices',
      key: 'chromeosdevices',
    }),
};
