// A suite's devices as reports, judged at `now`. What the suites can tell honestly:
// - disk encryption: Intune's isEncrypted on a computer; a Chromebook always encrypts its data.
// - screen lock: Google's device password status on a phone (Intune's managedDevices has none).
// - system updates: on Android, a security patch level older than PATCH_MAX_DAYS fails it (the
//   catalogue's "within the last three months") and a newer one passes; a Chromebook past its
//   auto-update expiration fails it. Other systems' versions are not judged: whether "17.4" is
//   current needs a list of releases the product does not keep, and Intune's compliance state
//   says only that the tenant's own policies are met, whichever they are (it is shown, not judged).
// - jailbroken, rooted or compromised, where the suite says so.
import type { DeviceSource } from '@castellan/contract';
import type { SuiteDevice } from '../integrations/kit/suite-device';
import type { CheckState, DeviceReport } from './device-report';

const DAY_MS = 24 * 60 * 60 * 1000;
export const PATCH_MAX_DAYS = 90;

const dateWords = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const validDay = (day: string | undefined) =>
  day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day));

function updatesCheck(d: SuiteDevice, now: Date): CheckState | undefined {
  if (validDay(d.updatesUntil) && d.updatesUntil) {
    if (Date.parse(d.updatesUntil) + DAY_MS <= now.getTime()) {
      return {
        verdict: 'fail',
        evidence: `It stopped getting system updates on ${dateWords(d.updatesUntil)}.`,
      };
    }
  }
  if (validDay(d.patchDate) && d.patchDate) {
    const age = (now.getTime() - Date.parse(d.patchDate)) / DAY_MS;
    const words = `Security update of ${dateWords(d.patchDate)}`;
    return age > PATCH_MAX_DAYS
      ? { verdict: 'fail', evidence: `${words}, more than three months old.` }
      : { verdict: 'pass', evidence: `${words}.` };
  }
  return undefined;
}

function checksOf(d: SuiteDevice, now: Date): DeviceReport['checks'] {
  const checks: DeviceReport['checks'] = {};
  if (d.kind === 'computer' && d.encrypted !== undefined) {
    checks['disk-encryption'] = d.encrypted
      ? { verdict: 'pass', evidence: 'The disk is encrypted.' }
      : { verdict: 'fail', evidence: 'The disk is not encrypted.' };
  }
  if (d.screenLock !== undefined) {
    checks['screen-lock'] = d.screenLock
      ? { verdict: 'pass', evidence: 'A screen lock is set.' }
      : { verdict: 'fail', evidence: 'No screen lock is set.' };
  }
  const updates = updatesCheck(d, now);
  if (updates) checks['os-updates'] = updates;
  if (d.compromised !== undefined) {
    checks.integrity = d.compromised
      ? { verdict: 'fail', evidence: 'It is jailbroken, rooted or compromised.' }
      : { verdict: 'pass', evidence: 'No jailbreak or compromise found.' };
  }
  return checks;
}

/**
 * The devices of members among a suite's, as reports at `now`; `memberIds` maps a lower-case
 * e-mail to the member. Devices of people who are not members are left out.
 */
export function suiteReports(
  source: Exclude<DeviceSource, 'agent'>,
  devices: readonly SuiteDevice[],
  memberIds: ReadonlyMap<string, string>,
  now: Date,
): DeviceReport[] {
  return devices.flatMap((d) => {
    const ownerId = memberIds.get(d.email.toLowerCase());
    if (!ownerId) return [];
    const reportedAt = d.lastSync ? new Date(d.lastSync) : null;
    return [
      {
        source,
        id: d.id,
        ownerId,
        name: d.name,
        serial: d.serial ?? null,
        kind: d.kind,
        system: [d.os, d.osVersion].filter(Boolean).join(' '),
        reportedAt: reportedAt && !Number.isNaN(reportedAt.getTime()) ? reportedAt : null,
        checks: checksOf(d, now),
      },
    ];
  });
}
