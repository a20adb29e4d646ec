const GRAPH = 'https://graph.microsoft.com/';

/** Graph permissions the tenant reader needs (integrations-reference §2.2). */
const GRAPH_SCOPES = [
  'User.Read.All',
  'AuditLog.Read.All',
  'Policy.Read.All',
  'Directory.Read.All',
];

/**
 * What the connect flow asks for. Reports.Read.All is left out: only the usage reports need it,
 * and nothing here reads them.
 */
export const M365_SCOPES: readonly string[] = [
  'openid',
  'profile',
  'offline_access',
  ...GRAPH_SCOPES.map((s) => GRAPH + s),
];

const shortName = (scope: string) =>
  (scope.toLowerCase().startsWith(GRAPH) ? scope.slice(GRAPH.length) : scope).toLowerCase();

/** The Graph scopes of M365_SCOPES that `granted` lacks (full names), whatever their case or prefix. */
export function missingM365Scopes(granted: readonly string[]): string[] {
  const have = new Set(granted.map(shortName));
  return GRAPH_SCOPES.filter((s) => !have.has(s.toLowerCase())).map((s) => GRAPH + s);
}
