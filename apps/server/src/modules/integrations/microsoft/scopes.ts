import { PROVIDERS } from '@castellan/contract';

const GRAPH = 'https://graph.microsoft.com/';

/** What the connect flow asks for. */
export const M365_SCOPES = PROVIDERS.m365.scopes;

/** Graph permissions the tenant reader needs (integrations-reference §2.2). */
const GRAPH_SCOPES = M365_SCOPES.filter((s) => s.startsWith(GRAPH)).map((s) =>
  s.slice(GRAPH.length),
);

const shortName = (scope: string) =>
  (scope.toLowerCase().startsWith(GRAPH) ? scope.slice(GRAPH.length) : scope).toLowerCase();

/** The Graph scopes of M365_SCOPES that `granted` lacks (full names), whatever their case or prefix. */
export function missingM365Scopes(granted: readonly string[]): string[] {
  const have = new Set(granted.map(shortName));
  return GRAPH_SCOPES.filter((s) => !have.has(s.toLowerCase())).map((s) => GRAPH + s);
}
