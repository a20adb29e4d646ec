export const NODE_WIDTH = 200;
/** Room for the kind, a label of up to three lines and the badges; a longer label grows the node. */
export const NODE_HEIGHT = 124;
/** Between two ranks (columns), and between two nodes of a rank. */
export const RANK_GAP = 56;
export const NODE_GAP = 24;
/** The room an edge passing through a rank takes between that rank's nodes. */
const LANE_HEIGHT = 8;
const SWEEPS = 4;

/** The smallest text inside a node, in CSS pixels at zoom 1. */
export const NODE_MIN_FONT_PX = 15;
/** The smallest text a reader should get on screen, in pixels. */
export const READABLE_FONT_PX = 12;
/** The graph is never drawn smaller than this: its smallest text stays readable. */
export const MIN_READABLE_ZOOM = READABLE_FONT_PX / NODE_MIN_FONT_PX;
export const MAX_ZOOM = 1.5;

export type Position = { x: number; y: number };
type Link = { from: string; to: string };

export type GraphLayout<E extends Link> = {
  /** Each node's top-left corner. */
  positions: Map<string, Position>;
  /**
   * Each edge's way from its source's right middle to its target's left middle: a curve into
   * each rank it passes through, straight across it, and a curve into the target.
   */
  routes: { edge: E; points: Position[] }[];
  width: number;
  height: number;
};

/** An item of a rank: a node, or the place where an edge spanning several ranks crosses it. */
type Slot = { id: string; height: number; left: string[]; right: string[] };

/**
 * Rank of each node: the longest path to it from a node nothing leads to (an entry point). An edge
 * that would close a cycle is not followed, so a malformed graph still gets a layout.
 */
function ranksOf(nodeIds: string[], links: Link[]): Map<string, number> {
  const sources = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const link of links) sources.get(link.to)?.push(link.from);
  const ranks = new Map<string, number>();
  const visiting = new Set<string>();
  const rankOf = (id: string): number => {
    const known = ranks.get(id);
    if (known !== undefined) return known;
    visiting.add(id);
    let rank = 0;
    for (const from of sources.get(id) ?? []) {
      if (!visiting.has(from)) rank = Math.max(rank, rankOf(from) + 1);
    }
    visiting.delete(id);
    ranks.set(id, rank);
    return rank;
  };
  for (const id of nodeIds) rankOf(id);
  return ranks;
}

/** How many pairs of edges cross between two neighbouring ranks. */
function crossingsBetween(left: Slot[], right: Slot[]): number {
  const at = new Map(right.map((slot, index) => [slot.id, index]));
  const ends = left.flatMap((slot, index) =>
    slot.right.map((id) => [index, at.get(id) ?? 0] as const),
  );
  let crossings = 0;
  for (const [i, [a1, b1]] of ends.entries()) {
    for (const [a2, b2] of ends.slice(i + 1)) if ((a1 - a2) * (b1 - b2) < 0) crossings += 1;
  }
  return crossings;
}

const crossings = (ranks: Slot[][]) =>
  ranks.slice(1).reduce((sum, rank, r) => sum + crossingsBetween(ranks[r] ?? [], rank), 0);

/**
 * Reorders `rank` by the mean place of each slot's neighbours in `fixed` (the barycenter); a slot
 * without neighbours there, and ties, keep their order.
 */
function byBarycenter(rank: Slot[], fixed: Slot[], side: 'left' | 'right'): Slot[] {
  const at = new Map(fixed.map((slot, index) => [slot.id, index]));
  const keyed = rank.map((slot, index) => {
    const places = slot[side].map((id) => at.get(id) ?? 0);
    const key = places.length ? places.reduce((a, b) => a + b, 0) / places.length : index;
    return { slot, key, index };
  });
  keyed.sort((a, b) => a.key - b.key || a.index - b.index);
  return keyed.map((k) => k.slot);
}

/**
 * Lays the graph out in ranks from left to right (entry point → steps → asset → impact): a node's
 * rank is its longest path from a source; within a rank the nodes are ordered to cross fewer
 * edges (barycenter sweeps both ways, the best order kept), then stacked and centred against the
 * tallest rank. An edge spanning several ranks gets a lane through each so it passes between
 * nodes, not under them. Deterministic: ties keep the input order.
 */
export function layoutGraph<E extends Link>(
  nodeIds: string[],
  edges: E[],
  heights: ReadonlyMap<string, number> = new Map(),
): GraphLayout<E> {
  const known = new Set(nodeIds);
  const kept = edges.filter((e) => known.has(e.from) && known.has(e.to) && e.from !== e.to);
  const rankOf = ranksOf(nodeIds, kept);
  const ranks: Slot[][] = Array.from({ length: Math.max(0, ...rankOf.values()) + 1 }, () => []);
  const slots = new Map<string, Slot>();
  const slot = (id: string, height: number, rank: number) => {
    const made = { id, height, left: [], right: [] };
    slots.set(id, made);
    ranks[rank]?.push(made);
    return made;
  };
  for (const id of nodeIds) slot(id, heights.get(id) ?? NODE_HEIGHT, rankOf.get(id) ?? 0);

  // Each edge as a chain of slots, one per rank from its source to its target.
  const chains = kept.map((edge, e) => {
    const [from, to] = [rankOf.get(edge.from) ?? 0, rankOf.get(edge.to) ?? 0];
    const lanes = Array.from({ length: Math.max(0, to - from - 1) }, (_, i) =>
      slot(`\u0000${e}:${i}`, LANE_HEIGHT, from + i + 1),
    );
    const chain = [slots.get(edge.from), ...lanes, slots.get(edge.to)] as Slot[];
    const forward = to > from;
    // Only an edge forward takes part in the ordering (one backward closes a cycle).
    for (const [i, s] of forward ? chain.slice(1).entries() : []) {
      chain[i]?.right.push(s.id);
      s.left.push(chain[i]?.id ?? '');
    }
    return { edge, chain, forward };
  });

  // Sweeps right (each rank after the one to its left), then back; the fewest crossings win.
  let [order, best, next] = [ranks, crossings(ranks), ranks];
  const keepIfFewer = () => {
    const count = crossings(next);
    if (count < best) [order, best] = [next, count];
  };
  for (let sweep = 0; sweep < SWEEPS && best > 0; sweep += 1) {
    next = [...next];
    for (let r = 1; r < next.length; r += 1) {
      next[r] = byBarycenter(next[r] ?? [], next[r - 1] ?? [], 'left');
    }
    keepIfFewer();
    next = [...next];
    for (let r = next.length - 2; r >= 0; r -= 1) {
      next[r] = byBarycenter(next[r] ?? [], next[r + 1] ?? [], 'right');
    }
    keepIfFewer();
  }

  const stacked = (rank: Slot[]) =>
    rank.reduce((sum, s) => sum + s.height, 0) + NODE_GAP * Math.max(0, rank.length - 1);
  const height = Math.max(0, ...order.map(stacked));
  const placed = new Map<string, Position>();
  for (const [r, rank] of order.entries()) {
    let y = (height - stacked(rank)) / 2;
    for (const s of rank) {
      placed.set(s.id, { x: r * (NODE_WIDTH + RANK_GAP), y });
      y += s.height + NODE_GAP;
    }
  }

  const middle = (s: Slot, side: 'left' | 'right'): Position => {
    const { x, y } = placed.get(s.id) ?? { x: 0, y: 0 };
    return { x: side === 'left' ? x : x + NODE_WIDTH, y: y + s.height / 2 };
  };
  const routes = chains.map(({ edge, chain, forward }) => ({
    edge,
    points: forward
      ? chain.flatMap((s, i) => [
          ...(i > 0 ? [middle(s, 'left')] : []),
          ...(i < chain.length - 1 ? [middle(s, 'right')] : []),
        ])
      : // Against the ranks (only in a cycle): straight back, drawn as it is.
        [middle(chain[0] as Slot, 'left'), middle(chain[1] as Slot, 'right')],
  }));
  const positions = new Map(nodeIds.map((id) => [id, placed.get(id) ?? { x: 0, y: 0 }]));
  return { positions, routes, width: order.length * (NODE_WIDTH + RANK_GAP) - RANK_GAP, height };
}

/**
 * An SVG path through an edge's route: a horizontal-ended cubic curve between ranks, a straight
 * line across a rank it passes through.
 */
export function edgePath(points: Position[]): string {
  return points
    .map((p, i) => {
      const before = points[i - 1];
      if (!before) return `M${p.x},${p.y}`;
      if (i % 2 === 0) return `L${p.x},${p.y}`;
      const mid = (before.x + p.x) / 2;
      return `C${mid},${before.y} ${mid},${p.y} ${p.x},${p.y}`;
    })
    .join(' ');
}

/** The space around the drawn graph inside its box, in pixels. */
export const VIEW_PADDING = 16;

/**
 * The view that shows a graph of `graph`'s size in a box `width` wide: the whole graph when it
 * fits at a readable zoom (never above 1), else the readable zoom, the graph starting at its left
 * edge (its entry points) and the rest a pan away. `height` is the box's height for that zoom:
 * always the whole graph's height, so that no entry point is hidden below the box.
 */
export function readableView(
  graph: { width: number; height: number },
  width: number,
): { zoom: number; height: number } {
  const room = width - 2 * VIEW_PADDING;
  const zoom = Math.min(1, Math.max(MIN_READABLE_ZOOM, room / Math.max(1, graph.width)));
  return { zoom, height: Math.round(Math.max(240, graph.height * zoom + 2 * VIEW_PADDING)) };
}
