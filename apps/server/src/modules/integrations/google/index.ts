// The Google Workspace integration's client: OAuth, the API session, and the workspace reader.

export { GoogleApi, type GoogleApiOptions } from './google-api';
export { GoogleApiError, type GoogleApiErrorKind } from './google-api-error';
export type { GoogleClientConfig } from './google-client-config';
export {
  exchangeGoogleCode,
  type GoogleGrant,
  googleAuthorizeUrl,
  refreshGoogleToken,
  revokeGoogleToken,
} from './oauth';
export { GOOGLE_WORKSPACE_SCOPES, missingScopes } from './scopes';
