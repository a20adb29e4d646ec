import dagre from '@dagrejs/dagre';

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 84;

export type Position = { x: number; y: number };

/**
 * Places the nodes left to right along the edges (entry point → steps → asset → impact), with
 * dagre. Positions are the nodes' top-left corners, as React Flow wants them.
 */
export function layoutGraph(
  nodeIds: string[],
  edges: { from: string; to: string }[],
): Map<string, Position> {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: 28, ranksep: 90, marginx: 10, marginy: 10 });
  graph.setDefaultEdgeLabel(() => ({}));
  const known = new Set(nodeIds);
  for (const id of nodeIds) graph.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges) {
    if (known.has(edge.from) && known.has(edge.to)) graph.setEdge(edge.from, edge.to);
  }
  dagre.layout(graph);
  const positions = new Map<string, Position>();
  for (const id of nodeIds) {
    const { x, y } = graph.node(id);
    positions.set(id, { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 });
  }
  return positions;
}
