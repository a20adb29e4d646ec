// The Meta (Facebook business) integration's client: Facebook Login, the token checks, and the
// Graph API session that reads businesses and their two-factor settings.

export { MetaApi, type MetaApiOptions, type MetaBusiness } from './meta-api';
export { MetaApiError, type MetaApiErrorKind } from './meta-api-error';
export { META_GRAPH_VERSION, type MetaClientConfig } from './meta-client-config';
export type { RetryPolicy } from './meta-http';
export {
  debugMetaToken,
  exchangeMetaCode,
  longLivedMetaToken,
  type MetaToken,
  type MetaTokenInfo,
  metaDialogUrl,
  revokeMetaGrant,
} from './oauth';
export { META_SCOPES, missingMetaScopes } from './scopes';
export type { TwoFactorType } from './two-factor';
