import { DEVICE_SOURCES } from '@castellan/contract';

/** Whether an integration reports on the members' devices (a suite's device management). */
export const reportsOnDevices = (integrationId: string) =>
  DEVICE_SOURCES.some((source) => source === integrationId);

/**
 * A device as a suite's device management reported it, kept in the sync's facts
 * (`integrations.facts.devices`): states only, judged when the devices module judges the
 * organisation's devices, since how old a security patch is depends on when it is judged.
 * Keys with nothing to say are left out: a suite lists thousands of devices.
 */
export type SuiteDevice = {
  /** The suite's id of the device. */
  id: string;
  name: string;
  serial?: string;
  /** The owner's e-mail, lower case: a member of the organisation when read. */
  email: string;
  kind: 'computer' | 'phone' | 'other';
  /** The system's name as the suite says it ("Windows", "iOS", "Android 14"). */
  os: string;
  osVersion?: string;
  /** The device's last sync with the suite (ISO 8601); absent when the suite does not say. */
  lastSync?: string;
  encrypted?: boolean;
  /** A screen lock, passcode or password is set. */
  screenLock?: boolean;
  /** Jailbroken, rooted or otherwise compromised. */
  compromised?: boolean;
  /** Intune's complianceState, as reported ("compliant", "noncompliant", …). */
  compliance?: string;
  /** The Android security patch level (yyyy-mm-dd). */
  patchDate?: string;
  /** The last day the device gets system updates (ChromeOS auto-update expiration, yyyy-mm-dd). */
  updatesUntil?: string;
};

/**
 * What a sync read of the suite's devices: the members' devices and how many devices the suite
 * listed in all, or why they are unknown (no licence, no permission yet).
 */
export type SuiteDevicesRead =
  | { devices: SuiteDevice[]; listed: number }
  | { devices: null; unknown: string };

/** The devices read, or none when the read could not say (or older facts without devices). */
export const devicesOfRead = (read: SuiteDevicesRead | undefined): SuiteDevice[] =>
  read?.devices ?? [];
