import type { AttackGraphResponse, AttackPath } from '@castellan/contract';

export const TOP_PATHS = 3;

export type PathSummary = Pick<AttackPath, 'id' | 'severity' | 'state' | 'summary'> & {
  /** The labels from the entry point to the impact. */
  steps: string[];
};

/** The most dangerous paths (the server sends them in that order) with their nodes' labels. */
export function topPaths(graph: Pick<AttackGraphResponse, 'nodes' | 'paths'>): PathSummary[] {
  const labels = new Map(graph.nodes.map((n) => [n.id, n.label]));
  return graph.paths.slice(0, TOP_PATHS).map((path) => ({
    id: path.id,
    severity: path.severity,
    state: path.state,
    summary: path.summary,
    steps: path.nodeIds.map((id) => labels.get(id) ?? id),
  }));
}
