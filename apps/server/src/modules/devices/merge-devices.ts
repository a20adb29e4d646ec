// One device known to several sources is one device: the agent on a laptop that Intune also
// manages, a phone that both Google and Intune list. Reports are the same device when their serial
// numbers match, or when their names match and they belong to the same member. Two reports of one
// source are only joined by serial number: two enrolments of the agent are two devices to it.
import { DEVICE_SOURCES, type DeviceSource } from '@castellan/contract';
import type { CheckState, DeviceCheckId, DeviceReport } from './device-report';

/** A device with every report on it, newest first. */
export type MergedDevice = { reports: DeviceReport[] };

/** Serial numbers that some makers put on every board: they name no one device. */
const PLACEHOLDER_SERIALS = new Set([
  '0',
  'NONE',
  'UNKNOWN',
  'DEFAULTSTRING',
  'TOBEFILLEDBYOEM',
  'SYSTEMSERIALNUMBER',
  '0123456789',
]);

export function serialKey(serial: string | null): string | null {
  const key = (serial ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key === '' || PLACEHOLDER_SERIALS.has(key) ? null : key;
}

/**
 * A device name as the sources write it differently: "ANNA-LAPTOP", "anna-laptop.local" and
 * "Anna's Laptop" are the same name.
 */
export function nameKey(name: string): string {
  const host = name
    .trim()
    .toLowerCase()
    .replace(/\.(local|lan|home|corp|internal)$/, '');
  return host.replace(/[^\p{L}\p{N}]/gu, '');
}

const SOURCE_ORDER: readonly DeviceSource[] = DEVICE_SOURCES;
const time = (r: DeviceReport) => r.reportedAt?.getTime() ?? Number.NEGATIVE_INFINITY;

/** The reports grouped into devices, each device's reports newest first. */
export function mergeDevices(reports: readonly DeviceReport[]): MergedDevice[] {
  const groups: DeviceReport[][] = [];
  const ordered = [...reports].sort(
    (a, b) => SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source),
  );
  for (const report of ordered) {
    const serial = serialKey(report.serial);
    const name = nameKey(report.name);
    const bySerial =
      serial === null
        ? undefined
        : groups.find((g) => g.some((r) => serialKey(r.serial) === serial));
    const byName = bySerial
      ? undefined
      : groups.find(
          (g) =>
            name !== '' &&
            g.every((r) => r.source !== report.source) &&
            g.some((r) => r.ownerId === report.ownerId && nameKey(r.name) === name),
        );
    const group = bySerial ?? byName;
    if (group) group.push(report);
    else groups.push([report]);
  }
  return groups.map((g) => ({ reports: g.sort((a, b) => time(b) - time(a)) }));
}

/** The report that speaks for a device: its newest. */
export const newestReport = (device: MergedDevice): DeviceReport => {
  const [newest] = device.reports;
  if (!newest) throw new Error('a merged device has at least one report');
  return newest;
};

export type CheckOutcome = {
  state: CheckState;
  /** The report whose state counts. */
  report: DeviceReport;
  /** Older reports that said otherwise (pass against fail), newest first. */
  disagreeing: { report: DeviceReport; state: CheckState }[];
};

/**
 * What a device's reports say about one check: the newest report that could tell (pass or fail)
 * wins over older ones; a newer "could not tell" does not undo what an older report knew. Absent
 * when no report covers the check.
 */
export function checkOf(device: MergedDevice, id: DeviceCheckId): CheckOutcome | undefined {
  const said = device.reports.flatMap((report) => {
    const state = report.checks[id];
    return state ? [{ report, state }] : [];
  });
  const known = said.filter((s) => s.state.verdict !== 'unknown');
  const [winner] = known.length > 0 ? known : said;
  if (!winner) return undefined;
  return {
    ...winner,
    disagreeing: known.filter((s) => s !== winner && s.state.verdict !== winner.state.verdict),
  };
}
