import { browserSystemHints, detectPlatform, useAgentDevices } from '../agent';
import { preferredPlatform } from './preferred-platform';

/** The platform whose steps the task view opens on (preferred-platform.ts). */
export function usePreferredPlatform() {
  const devices = useAgentDevices('mine');
  return preferredPlatform(devices.data?.devices ?? [], detectPlatform(browserSystemHints()));
}
