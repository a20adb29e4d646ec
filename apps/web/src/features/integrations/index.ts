export { integrationsQuery } from './api';
export { useConnect } from './connect-integration';
export { WEB_PROVIDERS } from './providers';
