import dagre from '@dagrejs/dagre';

export const NODE_WIDTH = 200;
/** Room for the kind, a label of up to three lines and the badges; a longer label grows the node. */
export const NODE_HEIGHT = 124;

/** The smallest text inside a node, in CSS pixels at zoom 1. */
export const NODE_MIN_FONT_PX = 15;
/** The smallest text a reader should get on screen, in pixels. */
export const READABLE_FONT_PX = 12;
/** The graph is never drawn smaller than this: its smallest text stays readable. */
export const MIN_READABLE_ZOOM = READABLE_FONT_PX / NODE_MIN_FONT_PX;

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
  graph.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 56, marginx: 10, marginy: 10 });
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

export type Viewport = { x: number; y: number; zoom: number };

/**
 * The view that shows the laid-out graph in a box `width` wide: the whole graph when it fits at a
 * readable zoom (never above 1), else the readable zoom from the graph's left edge (its entry
 * points), the rest a pan away. `height` is the box's height for that zoom: always the whole
 * graph's height, so that no entry point is hidden below the box.
 */
export function readableView(
  positions: Iterable<Position>,
  width: number,
): { viewport: Viewport; height: number } {
  const points = [...positions];
  const right = Math.max(0, ...points.map((p) => p.x + NODE_WIDTH));
  const bottom = Math.max(0, ...points.map((p) => p.y + NODE_HEIGHT));
  const pad = 16;
  const zoom = Math.min(1, Math.max(MIN_READABLE_ZOOM, (width - 2 * pad) / Math.max(1, right)));
  const drawnWidth = right * zoom;
  const x = drawnWidth + 2 * pad <= width ? (width - drawnWidth) / 2 : pad;
  const height = Math.round(Math.max(240, bottom * zoom + 2 * pad));
  return { viewport: { x, y: pad, zoom }, height };
}
