export { PartnerBanner } from './PartnerBanner';
export { PartnersSection } from './PartnersSection';
