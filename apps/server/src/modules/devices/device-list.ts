// The devices list: the agent's devices, and a device a suite manages shown once, either on the
// agent's device (the suites that report on it too) or, without an agent, as a device of its own.
import {
  AGENT_CHECKS,
  type AgentDevicesResponse,
  type DeviceReportInfo,
  releasesBehind,
  type SuiteDeviceView,
} from '@castellan/contract';
import type { Db } from '../../db/client';
import { listDevices } from '../agent/repository';
import { listMembersByName } from '../users/repository';
import { type AgentDeviceFacts, agentReport } from './agent-reports';
import type { DeviceCheckId, DeviceReport } from './device-report';
import { isStale, outcomeText } from './device-verdicts';
import { checkOf, type MergedDevice, mergeDevices } from './merge-devices';
import { loadSuiteReports } from './suite-facts';

const SHOWN_CHECKS: readonly { id: DeviceCheckId; name: string }[] = [
  { id: 'disk-encryption', name: AGENT_CHECKS['disk-encryption'].name },
  { id: 'screen-lock', name: AGENT_CHECKS['screen-lock'].name },
  { id: 'os-updates', name: AGENT_CHECKS['os-updates'].name },
  { id: 'integrity', name: 'Not jailbroken or rooted' },
];

const infoOf = (r: DeviceReport): DeviceReportInfo => ({
  source: r.source,
  reportedAt: r.reportedAt?.toISOString() ?? null,
});

type Owner = SuiteDeviceView['owner'];

function suiteDeviceView(device: MergedDevice, owner: Owner, now: Date): SuiteDeviceView {
  const [newest] = device.reports;
  if (!newest) throw new Error('a merged device has at least one report');
  return {
    id: `${newest.source}:${newest.id}`,
    name: newest.name,
    kind: newest.kind,
    system: newest.system,
    owner,
    lastReportAt: newest.reportedAt?.toISOString() ?? null,
    stale: isStale(newest.reportedAt, now),
    reports: device.reports.map(infoOf),
    checks: SHOWN_CHECKS.flatMap(({ id, name }) => {
      const outcome = checkOf(device, id);
      return outcome
        ? [{ name, verdict: outcome.state.verdict, evidence: outcomeText(outcome) }]
        : [];
    }),
  };
}

/**
 * What the suites add to the agent's devices of the organisation (or of one member): for each
 * agent device a suite reports on too, those reports; and the suites' devices without an agent.
 */
async function suiteDeviceListing(
  db: Db,
  organizationId: string,
  agentDevices: readonly AgentDeviceFacts[],
  onlyUserId: string | undefined,
  now = new Date(),
): Promise<{
  alsoReportedBy: Map<string, DeviceReportInfo[]>;
  suiteDevices: SuiteDeviceView[];
  unknown: AgentDevicesResponse['devicesUnknown'];
}> {
  const members = await listMembersByName(db, organizationId, onlyUserId);
  const memberIds = new Map(members.map((m) => [m.email.toLowerCase(), m.id]));
  const owners = new Map<string, Owner>(
    members.map((m) => [
      m.id,
      { id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email, email: m.email },
    ]),
  );
  const { reports, unknown } = await loadSuiteReports(db, organizationId, memberIds, now);
  const alsoReportedBy = new Map<string, DeviceReportInfo[]>();
  const suiteDevices: SuiteDeviceView[] = [];
  if (reports.length === 0) return { alsoReportedBy, suiteDevices, unknown };
  for (const device of mergeDevices([...agentDevices.map(agentReport), ...reports])) {
    const agents = device.reports.filter((r) => r.source === 'agent');
    const others = device.reports.filter((r) => r.source !== 'agent');
    if (agents.length > 0) {
      if (others.length > 0) for (const a of agents) alsoReportedBy.set(a.id, others.map(infoOf));
      continue;
    }
    const owner = owners.get(device.reports[0]?.ownerId ?? '');
    if (owner) suiteDevices.push(suiteDeviceView(device, owner, now));
  }
  suiteDevices.sort(
    (a, b) => a.owner.name.localeCompare(b.owner.name) || a.name.localeCompare(b.name),
  );
  return { alsoReportedBy, suiteDevices, unknown };
}

/**
 * A member's own devices, or (`onlyUserId` undefined) the organisation's: those with the agent,
 * with the suites that manage them too, and the suites' devices without the agent.
 */
export async function devicesOf(
  db: Db,
  organizationId: string,
  onlyUserId: string | undefined,
  currentVersion: string | null,
  now = new Date(),
): Promise<AgentDevicesResponse> {
  const rows = await listDevices(db, organizationId, onlyUserId);
  const { alsoReportedBy, suiteDevices, unknown } = await suiteDeviceListing(
    db,
    organizationId,
    rows,
    onlyUserId,
    now,
  );
  const devices = rows.map((d) => ({
    id: d.id,
    name: d.name,
    platform: d.platform,
    osVersion: d.osVersion,
    agentVersion: d.agentVersion,
    owner: {
      id: d.userId,
      name: `${d.ownerFirstName} ${d.ownerLastName}`.trim() || d.ownerEmail,
      email: d.ownerEmail,
    },
    enrolledAt: d.enrolledAt.toISOString(),
    lastReportAt: d.lastReportAt?.toISOString() ?? null,
    stale: isStale(d.lastReportAt ?? d.enrolledAt, now),
    releasesBehind: currentVersion === null ? null : releasesBehind(d.agentVersion, currentVersion),
    checks: d.checks,
    ...(alsoReportedBy.has(d.id) ? { alsoReportedBy: alsoReportedBy.get(d.id) } : {}),
  }));
  // Why a suite's devices are missing is the administrators' to mend (reconnect, licence).
  return { devices, suiteDevices, devicesUnknown: onlyUserId === undefined ? unknown : [] };
}
