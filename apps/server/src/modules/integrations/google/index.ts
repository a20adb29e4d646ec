// The Google Workspace integration's client: OAuth, the API session, and the workspace reader.

export type { ExternalShare, ShareAudience } from './external-shares';
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
export type { ExternalSharingMode, WorkspacePolicies } from './policy-facts';
export { type GoogleWorkspaceFacts, readWorkspace } from './read-workspace';
export {
  GOOGLE_REQUESTED_SCOPES,
  GOOGLE_WORKSPACE_SCOPES,
  grantsScope,
  missingScopes,
} from './scopes';
export type { StaleUser } from './user-tally';
