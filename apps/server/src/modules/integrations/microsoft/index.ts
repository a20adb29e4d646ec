// The Microsoft 365 integration's client: OAuth, the Graph session, and the tenant reader.

export type { MicrosoftClientConfig } from './client-config';
export { GraphApi, type GraphApiOptions } from './graph-api';
export { MicrosoftApiError, type MicrosoftApiErrorKind } from './microsoft-api-error';
export type { RetryPolicy } from './microsoft-http';
export {
  exchangeMicrosoftCode,
  type MicrosoftGrant,
  microsoftAuthorizeUrl,
  refreshMicrosoftToken,
} from './oauth';
export { type M365TenantFacts, type P1Check, readTenant } from './read-tenant';
export { grantsM365Scope, M365_SCOPES, missingM365Scopes } from './scopes';
export type { StaleUser } from './stale-users';
