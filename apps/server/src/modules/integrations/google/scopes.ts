const AUTH = 'https://www.googleapis.com/auth/';

/** The read-only scopes the workspace reader needs (integrations-reference §1.2). */
export const GOOGLE_WORKSPACE_SCOPES: readonly string[] = [
  `${AUTH}admin.directory.user.readonly`,
  `${AUTH}admin.directory.orgunit.readonly`,
  `${AUTH}admin.reports.audit.readonly`,
  `${AUTH}admin.reports.usage.readonly`,
  `${AUTH}cloud-identity.policies.readonly`,
];

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
