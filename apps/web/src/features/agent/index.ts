export { agentDevicesQuery, useAgentDevices } from './api';
export { DevicesSection } from './DevicesSection';
export { browserSystemHints, detectPlatform } from './detect-platform';
