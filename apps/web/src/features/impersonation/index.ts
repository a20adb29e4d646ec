export { ImpersonationBanner } from './ImpersonationBanner';
