import type { AgentCheckId, AgentVerdict, DeviceSource } from '@castellan/contract';

/** What a source can say about a device: the agent's checks, and whether it is jailbroken. */
export type DeviceCheckId = AgentCheckId | 'integrity';

export type CheckState = { verdict: AgentVerdict; evidence: string };

/**
 * One source's report on one device, in one shape for the agent and the suites. A check the
 * source does not report on is absent; one it reports on but could not tell is 'unknown'.
 */
export type DeviceReport = {
  source: DeviceSource;
  /** The source's id of the device (the agent's device id, the suite's). */
  id: string;
  /** The member the device belongs to. */
  ownerId: string;
  name: string;
  serial: string | null;
  kind: 'computer' | 'phone' | 'other';
  /** The system and its version in words ("macOS 15.1"). */
  system: string;
  /** When the source last heard from the device; null: never. */
  reportedAt: Date | null;
  checks: Partial<Record<DeviceCheckId, CheckState>>;
};
