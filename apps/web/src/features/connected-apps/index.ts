export { ConnectedApps } from './ConnectedApps';
