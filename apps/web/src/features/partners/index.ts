export { PartnersSection } from './PartnersSection';
