import type { AgentDevice } from '@castellan/contract';
import type { AgentPlatform } from '@castellan/contract/agent-checks';
import type { TaskPlatform } from '@castellan/contract/vocabulary';

const TASK_PLATFORM: Record<AgentPlatform, TaskPlatform> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

/**
 * The platform whose steps a task shows first: the system of the user's device that reported
 * last to the agent, else the one the browser runs on, else none.
 */
export function preferredPlatform(
  devices: readonly Pick<AgentDevice, 'platform' | 'lastReportAt'>[],
  browser: AgentPlatform | null,
): TaskPlatform | null {
  let latest: Pick<AgentDevice, 'platform' | 'lastReportAt'> | undefined;
  for (const device of devices) {
    if (device.lastReportAt && (!latest?.lastReportAt || device.lastReportAt > latest.lastReportAt))
      latest = device;
  }
  const system = latest?.platform ?? browser;
  return system ? TASK_PLATFORM[system] : null;
}
