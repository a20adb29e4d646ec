import { PROVIDERS } from '@castellan/contract';

/** The permissions the Meta integration asks for (integrations-reference §3.2). */
export const META_SCOPES = PROVIDERS.meta.scopes;

/** The required permissions `granted` lacks. */
export function missingMetaScopes(granted: readonly string[]): string[] {
  const have = new Set(granted);
  return META_SCOPES.filter((scope) => !have.has(scope));
}
