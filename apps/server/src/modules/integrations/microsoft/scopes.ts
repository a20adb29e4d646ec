import { PROVIDERS, requestedScopes } from '@castellan/contract';

const GRAPH = 'https://graph.microsoft.com/';

/** What the connect flow asks for: the needed scopes, then those a grant may lack. */
export const M365_SCOPES = requestedScopes('m365');

/** Graph permissions the tenant reader needs (integrations-reference §2.2). */
const GRAPH_SCOPES = PROVIDERS.m365.scopes
  .filter((s) => s.startsWith(GRAPH))
  .map((s) => s.slice(GRAPH.length));

const shortName = (scope: string) =>
  (scope.toLowerCase().startsWith(GRAPH) ? scope.slice(GRAPH.length) : scope).toLowerCase();

/** The needed Graph scopes that `granted` lacks (full names), whatever their case or prefix. */
export function missingM365Scopes(granted: readonly string[]): string[] {
  const have = new Set(granted.map(shortName));
  return GRAPH_SCOPES.filter((s) => !have.has(s.toLowerCase())).map((s) => GRAPH + s);
}

/** Whether `granted` holds the Graph permission `scope` (full or short name, any case). */
export const grantsM365Scope = (granted: readonly string[], scope: string) =>
  granted.map(shortName).includes(shortName(scope));
