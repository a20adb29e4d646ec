/** The permissions the Meta integration asks for (integrations-reference §3.2). */
export const META_SCOPES: readonly string[] = ['business_management'];

/** The required permissions `granted` lacks. */
export function missingMetaScopes(granted: readonly string[]): string[] {
  const have = new Set(granted);
  return META_SCOPES.filter((scope) => !have.has(scope));
}
