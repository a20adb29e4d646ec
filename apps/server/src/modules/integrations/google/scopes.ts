import { PROVIDERS, requestedScopes } from '@castellan/contract';

/** The read-only scopes the workspace reader needs (integrations-reference §1.2). */
export const GOOGLE_WORKSPACE_SCOPES = PROVIDERS.gws.scopes;

/** What the connect flow asks for. */
export const GOOGLE_REQUESTED_SCOPES = requestedScopes('gws');

/** Whether `granted` holds `scope` (a broader scope covers its read-only form). */
export const grantsScope = (granted: Iterable<string>, scope: string) => {
  const have = new Set(granted);
  return have.has(scope) || have.has(scope.replace(/\.readonly$/, ''));
};

/**
 * The required scopes `granted` does not cover. A broader scope covers its read-only form
 * (`admin.directory.user` covers `admin.directory.user.readonly`).
 */
export function missingScopes(granted: Iterable<string>): string[] {
  const have = [...granted];
  return GOOGLE_WORKSPACE_SCOPES.filter((scope) => !grantsScope(have, scope));
}
