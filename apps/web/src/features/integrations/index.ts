export { integrationsQuery } from './api';
