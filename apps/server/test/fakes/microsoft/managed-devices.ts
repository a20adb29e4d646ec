// Intune's /v1.0/deviceManagement/managedDevices (integrations-reference-2 §1.2): the tenant's
// devices shaped as Graph returns them, $select and $top, @odata.nextLink paging, and the two
// answers of a tenant without Intune.
import { createHash } from 'node:crypto';
import { collectionPage, pageSizeOf, pick, selectionOf } from './collection';
import { type GraphEndpoint, graphScope } from './graph-endpoint';
import { badRequest, graphError } from './graph-errors';

/**
 * 'licensed': the list answers; 'none': 400 "Request not applicable to target tenant."; 'forbidden':
 * Intune's gateway refusal wrapped in an UnknownError (a licence or an Intune role missing).
 */
export type IntuneState = 'licensed' | 'none' | 'forbidden';

export type ManagedDeviceSeed = {
  email: string;
  deviceName: string;
  operatingSystem: 'Windows' | 'macOS' | 'iOS' | 'Android' | 'Linux';
  osVersion: string;
  isEncrypted?: boolean;
  complianceState?: 'compliant' | 'noncompliant' | 'inGracePeriod' | 'unknown';
  jailBroken?: 'True' | 'False' | 'Unknown' | '';
  lastSync: Date;
  serialNumber?: string;
  /** Android only, yyyy-mm-dd. */
  androidSecurityPatchLevel?: string;
  model?: string;
  manufacturer?: string;
};

export type FakeManagedDevice = {
  id: string;
  userId: string | null;
  deviceName: string;
  userPrincipalName: string;
  emailAddress: string;
  userDisplayName: string;
  operatingSystem: string;
  osVersion: string;
  isEncrypted: boolean;
  complianceState: string;
  jailBroken: string;
  managedDeviceOwnerType: 'company' | 'personal';
  managementAgent: string;
  enrolledDateTime: string;
  lastSyncDateTime: string;
  serialNumber: string;
  model: string;
  manufacturer: string;
  azureADDeviceId: string;
  androidSecurityPatchLevel: string | null;
  deviceRegistrationState: string;
  complianceGracePeriodExpirationDateTime: string;
};

const PROPERTIES = [
  'id',
  'userId',
  'deviceName',
  'userPrincipalName',
  'emailAddress',
  'userDisplayName',
  'operatingSystem',
  'osVersion',
  'isEncrypted',
  'complianceState',
  'jailBroken',
  'managedDeviceOwnerType',
  'managementAgent',
  'enrolledDateTime',
  'lastSyncDateTime',
  'serialNumber',
  'model',
  'manufacturer',
  'azureADDeviceId',
  'androidSecurityPatchLevel',
  'deviceRegistrationState',
  'complianceGracePeriodExpirationDateTime',
];

const guidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const PHONE = new Set(['iOS', 'Android']);

export function managedDeviceOf(
  seed: ManagedDeviceSeed,
  user: { id: string; displayName: string; userPrincipalName: string } | undefined,
): FakeManagedDevice {
  const key = `${seed.email}|${seed.deviceName}|${seed.serialNumber ?? ''}`;
  const serial =
    seed.serialNumber ?? createHash('sha256').update(key).digest('hex').slice(0, 10).toUpperCase();
  return {
    id: guidOf(`managedDevice:${key}`),
    userId: user?.id ?? null,
    deviceName: seed.deviceName,
    userPrincipalName: user?.userPrincipalName ?? seed.email,
    emailAddress: seed.email,
    userDisplayName: user?.displayName ?? seed.email,
    operatingSystem: seed.operatingSystem,
    osVersion: seed.osVersion,
    // iOS and Android encrypt their storage whenever a passcode is set.
    isEncrypted: seed.isEncrypted ?? true,
    complianceState: seed.complianceState ?? 'compliant',
    jailBroken: seed.jailBroken ?? (PHONE.has(seed.operatingSystem) ? 'False' : 'Unknown'),
    managedDeviceOwnerType: 'company',
    managementAgent: 'mdm',
    enrolledDateTime: new Date(seed.lastSync.getTime() - 200 * 86_400_000).toISOString(),
    lastSyncDateTime: seed.lastSync.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    serialNumber: serial,
    model: seed.model ?? `${seed.operatingSystem} device`,
    manufacturer: seed.manufacturer ?? '',
    azureADDeviceId: guidOf(`aad:${key}`),
    androidSecurityPatchLevel:
      seed.operatingSystem === 'Android' ? (seed.androidSecurityPatchLevel ?? null) : null,
    deviceRegistrationState: 'registered',
    complianceGracePeriodExpirationDateTime: '9999-12-31T23:59:59Z',
  };
}

/** Intune's gateway message, a JSON document inside Graph's `message` (reference §1.2). */
const GATEWAY_FORBIDDEN = JSON.stringify({
  ErrorCode: 'Forbidden',
  Message: JSON.stringify({
    _version: 3,
    Message:
      'An error has occurred - Operation ID (for customer support): 00000000-0000-0000-0000-000000000000 - Activity ID: 5f1c3e7a-0000-4000-8000-000000000000 - Url: https://fef.msuc02.manage.microsoft.com/DeviceFE/StatelessDeviceFEService/deviceManagement/managedDevices?api-version=2023-07-04',
    CustomApiErrorPhrase: '',
    RetryAfter: null,
    ErrorSourceService: '',
    HttpHeaders: '{}',
  }),
  Target: 'uri',
  Arguments: null,
  ErrorType: null,
  ExtraData: null,
});

export const managedDevices: GraphEndpoint = {
  pattern: /^\/v1\.0\/deviceManagement\/managedDevices$/,
  scopes: () => [
    [
      graphScope('DeviceManagementManagedDevices.Read.All'),
      graphScope('DeviceManagementManagedDevices.ReadWrite.All'),
    ],
  ],
  premium: () => false,
  handle(req) {
    const intune = req.tenant.intune ?? 'licensed';
    if (intune === 'none') return badRequest('Request not applicable to target tenant.');
    if (intune === 'forbidden') return graphError(403, 'UnknownError', GATEWAY_FORBIDDEN);
    // Graph's page size for this list is not confirmed; 1000 is what is commonly seen.
    const size = pageSizeOf(req.url.searchParams, {
      defaultTop: 1000,
      maxTop: 1000,
      clampTop: true,
    });
    if (typeof size !== 'number') return size;
    const selected = selectionOf(
      req.url.searchParams,
      PROPERTIES,
      PROPERTIES,
      'microsoft.graph.managedDevice',
    );
    if (!Array.isArray(selected)) return selected;
    return collectionPage(req.tenant.managedDevices ?? [], {
      url: req.url,
      origin: req.origin,
      context: 'deviceManagement/managedDevices',
      size,
      shape: (d) => pick(d, selected),
    });
  },
};
