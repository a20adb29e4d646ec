import { PROVIDERS } from '@castellan/contract';

/** The read-only scopes the workspace reader needs (integrations-reference §1.2). */
export const GOOGLE_WORKSPACE_SCOPES = PROVIDERS.gws.scopes;

/**
 * The required scopes `granted` does not cover. A broader scope covers its read-only form
 * (`admin.directory.user` covers `admin.directory.user.readonly`).
 */
export function missingScopes(granted: Iterable<string>): string[] {
  const have = new Set(granted);
  return GOOGLE_WORKSPACE_SCOPES.filter(
    (scope) => !have.has(scope) && !have.has(scope.replace(/\.readonly$/, '')),
  );
}
