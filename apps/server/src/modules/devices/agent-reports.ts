import {
  AGENT_CHECK_IDS,
  AGENT_PLATFORM_NAMES,
  type AgentPlatform,
  type AgentVerdict,
} from '@castellan/contract';
import type { CheckState, DeviceReport } from './device-report';

export type AgentDeviceFacts = {
  id: string;
  userId: string;
  name: string;
  platform: AgentPlatform | null;
  osVersion: string;
  /** When its last report reached the server. */
  lastReportAt: Date | null;
  checks: readonly { id: string; verdict: AgentVerdict; evidence: string }[];
};

/**
 * An agent's device as a report. The agent runs every check on every run, so a check missing
 * from its report is one it could not tell: it keeps the task from passing on that device.
 */
export function agentReport(device: AgentDeviceFacts): DeviceReport {
  const checks: DeviceReport['checks'] = {};
  for (const id of AGENT_CHECK_IDS) {
    const found = device.checks.find((c) => c.id === id);
    const state: CheckState = found
      ? { verdict: found.verdict, evidence: found.evidence }
      : { verdict: 'unknown', evidence: '' };
    checks[id] = state;
  }
  const system = device.platform ? AGENT_PLATFORM_NAMES[device.platform] : '';
  return {
    source: 'agent',
    id: device.id,
    ownerId: device.userId,
    name: device.name,
    serial: null,
    kind: 'computer',
    system: [system, device.osVersion.trim()].filter(Boolean).join(' '),
    reportedAt: device.lastReportAt,
    checks,
  };
}
