export { DevicesSection } from './DevicesSection';
