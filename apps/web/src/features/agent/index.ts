export { FED_BY_DEVICES } from './api';
export { DevicesSection } from './DevicesSection';
