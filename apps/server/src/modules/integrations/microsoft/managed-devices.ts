// The members' devices Intune manages (integrations-reference-2 §1.2). Without an Intune licence,
// or before an administrator reconnects to grant DeviceManagementManagedDevices.Read.All, the
// devices are unknown, with why: the rest of the sync goes on.
import { z } from 'zod';
import type { SuiteDevice, SuiteDevicesRead } from '../kit/suite-device';
import type { GraphApi } from './graph-api';
import { MicrosoftApiError } from './microsoft-api-error';
import { parseItems } from './parse-items';
import { grantsM365Scope } from './scopes';
import { memberEmailOf } from './user-email';

export const DEVICES_SCOPE = 'DeviceManagementManagedDevices.Read.All';
export const NO_INTUNE = 'No Intune licence in this tenant';
export const NO_INTUNE_ROLE =
  'No Intune licence in this tenant, or the account that connected has no Intune role';
export const DEVICES_NOT_GRANTED = 'Reconnect Microsoft 365 to allow reading devices';

const PATH = '/v1.0/deviceManagement/managedDevices';
// androidSecurityPatchLevel is on v1.0's managedDevice (Graph docs) though not in our reference's
// example; assumed selectable like the others.
const SELECT =
  'id,deviceName,userPrincipalName,emailAddress,operatingSystem,osVersion,isEncrypted,complianceState,jailBroken,lastSyncDateTime,serialNumber,androidSecurityPatchLevel';
/** Graph's page size for this list is not confirmed; 1000 is commonly seen (and asked for). */
const PAGE = '1000';

const managedDevice = z.object({
  id: z.string(),
  deviceName: z.string().nullish(),
  userPrincipalName: z.string().nullish(),
  emailAddress: z.string().nullish(),
  operatingSystem: z.string().nullish(),
  osVersion: z.string().nullish(),
  isEncrypted: z.boolean().nullish(),
  complianceState: z.string().nullish(),
  jailBroken: z.string().nullish(),
  lastSyncDateTime: z.string().nullish(),
  serialNumber: z.string().nullish(),
  androidSecurityPatchLevel: z.string().nullish(),
});
type ManagedDevice = z.infer<typeof managedDevice>;

const PHONES = /^(ios|ipados|android)/i;
const COMPUTERS = /^(windows|macos|mac os|linux|chrome)/i;

/** Graph writes "0001-01-01T00:00:00Z" for a device that never synced. */
const syncTime = (value: string | null | undefined) => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) || at < Date.UTC(2000, 0, 1) ? undefined : new Date(at).toISOString();
};

function toSuiteDevice(d: ManagedDevice, email: string): SuiteDevice {
  const os = d.operatingSystem?.trim() || 'Unknown system';
  const jailbroken = d.jailBroken?.toLowerCase();
  const patch = d.androidSecurityPatchLevel?.trim();
  const device: SuiteDevice = {
    id: d.id,
    name: d.deviceName?.trim() || 'Unnamed device',
    email,
    kind: PHONES.test(os) ? 'phone' : COMPUTERS.test(os) ? 'computer' : 'other',
    os,
  };
  if (d.serialNumber?.trim()) device.serial = d.serialNumber.trim();
  if (d.osVersion?.trim()) device.osVersion = d.osVersion.trim();
  const lastSync = syncTime(d.lastSyncDateTime);
  if (lastSync) device.lastSync = lastSync;
  if (typeof d.isEncrypted === 'boolean') device.encrypted = d.isEncrypted;
  // A free string: "True"/"False"/"Unknown" are what is seen (reference §1.2, unconfirmed).
  if (jailbroken === 'true' || jailbroken === 'false') device.compromised = jailbroken === 'true';
  if (d.complianceState) device.compliance = d.complianceState;
  if (patch && /^\d{4}-\d{2}-\d{2}$/.test(patch)) device.patchDate = patch;
  return device;
}

/** Why Intune's devices cannot be read, for the answers that mean it; null for any other. */
function unreadableBecause(err: unknown): string | null {
  if (!(err instanceof MicrosoftApiError)) return null;
  if (err.httpStatus === 400 && /not applicable to target tenant/i.test(err.message)) {
    return NO_INTUNE;
  }
  // Intune's gateway wraps its refusal: licence missing, or no Intune role for the caller.
  if (err.code === 'UnknownError' && /forbidden/i.test(err.message)) return NO_INTUNE_ROLE;
  if (err.kind === 'permission_missing') return DEVICES_NOT_GRANTED;
  return null;
}

export async function readManagedDevices(
  api: GraphApi,
  memberEmails: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<SuiteDevicesRead> {
  if (!grantsM365Scope(api.grant.scopes, DEVICES_SCOPE)) {
    return { devices: null, unknown: DEVICES_NOT_GRANTED };
  }
  const devices: SuiteDevice[] = [];
  let listed = 0;
  try {
    for await (const page of api.getAll(PATH, { $select: SELECT, $top: PAGE }, signal)) {
      for (const d of parseItems(managedDevice, page, `Graph ${PATH}`)) {
        listed += 1;
        const email = memberEmailOf(
          { mail: d.emailAddress, userPrincipalName: d.userPrincipalName },
          memberEmails,
        );
        if (email) devices.push(toSuiteDevice(d, email));
      }
    }
  } catch (err) {
    const because = unreadableBecause(err);
    if (because === null) throw err;
    return { devices: null, unknown: because };
  }
  return { devices, listed };
}
