import type { AttackGraphResponse, AttackNode, AttackPath, AttackTask } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  edgePath,
  layoutGraph,
  MIN_READABLE_ZOOM,
  NODE_GAP,
  NODE_HEIGHT,
  NODE_MIN_FONT_PX,
  NODE_WIDTH,
  type Position,
  RANK_GAP,
  readableView,
} from './graph-layout';
import {
  assetOptions,
  groupTasks,
  mayComplete,
  nodeAccessibleName,
  nodesOfPath,
  peopleToRemind,
  visibleGraph,
} from './graph-model';

const node = (
  id: string,
  kind: AttackNode['kind'],
  patch: Partial<AttackNode> = {},
): AttackNode => ({
  id,
  kind,
  label: id,
  description: '',
  severity: 'High',
  state: 'open',
  evidence: [],
  tasks: [],
  reveal: null,
  asset: null,
  ...patch,
});

const path = (id: string, nodeIds: string[], asset: AttackPath['asset']): AttackPath => ({
  id,
  nodeIds,
  asset,
  state: 'open',
  likelihood: 0.5,
  impact: 0.5,
  score: 0.25,
  severity: 'High',
  summary: id,
  cutBy: [],
});

const edgesAlong = (...ids: string[]) =>
  ids.slice(1).map((to, i) => ({ id: `${ids[i]}-${to}`, from: ids[i] ?? '', to, evidence: [] }));

// Two ways into the admin console and one to the mailboxes, sharing the phishing entry point.
const GRAPH: AttackGraphResponse = {
  nodes: [
    node('phish', 'entry'),
    node('rdp', 'entry', { state: 'unknown' }),
    node('takeover', 'step'),
    node('console', 'asset', { asset: 'admin-console', label: 'Admin console' }),
    node('mail', 'asset', { asset: 'mailboxes', label: 'Mailboxes' }),
    node('tenant', 'impact'),
    node('fraud', 'impact'),
  ],
  edges: [
    ...edgesAlong('phish', 'takeover', 'console', 'tenant'),
    ...edgesAlong('rdp', 'takeover'),
    ...edgesAlong('takeover', 'mail', 'fraud'),
  ],
  paths: [
    path('p1', ['phish', 'takeover', 'console', 'tenant'], 'admin-console'),
    path('p2', ['rdp', 'takeover', 'console', 'tenant'], 'admin-console'),
    path('p3', ['phish', 'takeover', 'mail', 'fraud'], 'mailboxes'),
  ],
  counts: {
    openPaths: 2,
    unknownPaths: 1,
    openEntryPoints: 1,
    unknownEntryPoints: 1,
    byAsset: { 'admin-console': 1, mailboxes: 1, 'company-files': 0, payments: 0, website: 0 },
  },
  headline: '2 open paths reach your admin console and mailboxes',
  computedAt: '2026-11-25T09:00:00.000Z',
};

describe('the attack graph filter', () => {
  it('offers each asset the paths reach, in the paths’ order, with its open count', () => {
    expect(assetOptions(GRAPH)).toEqual([
      { asset: 'admin-console', label: 'Admin console', openPaths: 1 },
      { asset: 'mailboxes', label: 'Mailboxes', openPaths: 1 },
    ]);
  });

  it('keeps everything for "all"', () => {
    expect(visibleGraph(GRAPH, 'all')).toEqual({
      nodes: GRAPH.nodes,
      edges: GRAPH.edges,
      paths: GRAPH.paths,
    });
  });

  it('keeps one asset’s paths with only the nodes and edges they use', () => {
    const mail = visibleGraph(GRAPH, 'mailboxes');
    expect(mail.paths.map((p) => p.id)).toEqual(['p3']);
    expect(mail.nodes.map((n) => n.id)).toEqual(['phish', 'takeover', 'mail', 'fraud']);
    expect(mail.edges.map((e) => e.id)).toEqual(['phish-takeover', 'takeover-mail', 'mail-fraud']);
  });

  it('keeps the unknown entry point on a filtered path', () => {
    const console = visibleGraph(GRAPH, 'admin-console');
    expect(console.nodes.map((n) => n.id)).toContain('rdp');
    expect(console.edges.map((e) => e.id)).not.toContain('takeover-mail');
  });

  it('reads a path’s nodes in order', () => {
    const [first] = GRAPH.paths;
    expect(first && nodesOfPath(first, GRAPH.nodes).map((n) => n.kind)).toEqual([
      'entry',
      'step',
      'asset',
      'impact',
    ]);
  });
});

describe('the attack graph layout', () => {
  const ids = GRAPH.nodes.map((n) => n.id);
  const layout = layoutGraph(ids, GRAPH.edges);
  const { positions } = layout;
  const x = (id: string) => positions.get(id)?.x ?? Number.NaN;
  const y = (id: string) => positions.get(id)?.y ?? Number.NaN;
  const column = (rank: number) => rank * (NODE_WIDTH + RANK_GAP);
  const link = (from: string, to: string) => ({ from, to });
  /** Pairs of edges between the same two ranks whose ends swap places. */
  const crossingsOf = (at: Map<string, Position>, links: { from: string; to: string }[]) => {
    const ends = links.map((l) => [at.get(l.from), at.get(l.to)] as const);
    return ends.filter(([a1, b1], i) =>
      ends
        .slice(i + 1)
        .some(
          ([a2, b2]) =>
            a1 &&
            b1 &&
            a2 &&
            b2 &&
            a1.x === a2.x &&
            b1.x === b2.x &&
            (a1.y - a2.y) * (b1.y - b2.y) < 0,
        ),
    ).length;
  };

  it('places every node', () => {
    expect([...positions.keys()].sort()).toEqual([...ids].sort());
  });

  it('runs left to right from entry point to impact', () => {
    for (const p of GRAPH.paths) {
      const xs = p.nodeIds.map(x);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      expect(new Set(xs).size).toBe(xs.length);
    }
  });

  it('ranks each node by its longest path from an entry point', () => {
    expect(ids.map((id) => x(id))).toEqual([0, 0, 1, 2, 2, 3, 3].map(column));
    // A shortcut does not pull the target left of the longer way round.
    const shortcut = layoutGraph(['a', 'b', 'c'], [link('a', 'b'), link('b', 'c'), link('a', 'c')]);
    expect(['a', 'b', 'c'].map((id) => shortcut.positions.get(id)?.x)).toEqual(
      [0, 1, 2].map(column),
    );
  });

  it('draws every edge from its source’s right to its target’s left, never going back', () => {
    const shortcut = layoutGraph(['a', 'b', 'c'], [link('a', 'b'), link('b', 'c'), link('a', 'c')]);
    for (const { routes, positions: at } of [layout, shortcut]) {
      for (const { edge, points } of routes) {
        const [from, to] = [at.get(edge.from), at.get(edge.to)];
        expect(points[0]).toEqual({
          x: (from?.x ?? 0) + NODE_WIDTH,
          y: (from?.y ?? 0) + NODE_HEIGHT / 2,
        });
        expect(points.at(-1)).toEqual({ x: to?.x, y: (to?.y ?? 0) + NODE_HEIGHT / 2 });
        const xs = points.map((p) => p.x);
        expect(xs).toEqual([...xs].sort((a, b) => a - b));
      }
    }
  });

  it('routes an edge that skips a rank past the nodes of that rank, not under them', () => {
    const shortcut = layoutGraph(['a', 'b', 'c'], [link('a', 'b'), link('b', 'c'), link('a', 'c')]);
    const long = shortcut.routes.find((r) => r.edge.to === 'c' && r.edge.from === 'a');
    const b = shortcut.positions.get('b');
    expect(long?.points).toHaveLength(4);
    const across = long?.points[1]?.y ?? Number.NaN;
    expect(across < (b?.y ?? 0) || across > (b?.y ?? 0) + NODE_HEIGHT).toBe(true);
    expect(edgePath(long?.points ?? [])).toMatch(/^M[\d.,]+ C[\d., ]+ L[\d.,]+ C[\d., ]+$/);
  });

  it('lets no two nodes overlap, a taller node pushing the next one down', () => {
    const tall = layoutGraph(ids, GRAPH.edges, new Map([['console', 260]]));
    for (const [at, heightOf] of [
      [positions, () => NODE_HEIGHT],
      [tall.positions, (id: string) => (id === 'console' ? 260 : NODE_HEIGHT)],
    ] as const) {
      const boxes = [...at.entries()];
      for (const [i, [idA, a]] of boxes.entries()) {
        for (const [idB, b] of boxes.slice(i + 1)) {
          const [top, bottom] = a.y < b.y ? [[idA, a] as const, b] : [[idB, b] as const, a];
          const apart =
            Math.abs(a.x - b.x) >= NODE_WIDTH || bottom.y >= top[1].y + heightOf(top[0]);
          expect(apart, `${idA} and ${idB}`).toBe(true);
        }
      }
    }
    expect(tall.height).toBe(260 + NODE_GAP + NODE_HEIGHT);
  });

  it('centres each rank against the tallest one', () => {
    // Two entry points, then one step: the step sits halfway down.
    expect(y('takeover')).toBe((layout.height - NODE_HEIGHT) / 2);
    expect(layout.height).toBe(2 * NODE_HEIGHT + NODE_GAP);
  });

  it('orders each rank so that the edges do not cross', () => {
    const links = [link('s1', 't3'), link('s2', 't2'), link('s3', 't1')];
    const crossed = layoutGraph(['s1', 's2', 's3', 't1', 't2', 't3'], links);
    expect(crossingsOf(crossed.positions, links)).toBe(0);
    expect(crossingsOf(positions, GRAPH.edges)).toBe(0);
  });

  it('is deterministic, ties keeping the order it was given', () => {
    expect(layoutGraph(ids, GRAPH.edges)).toEqual(layout);
    const apart = layoutGraph(['b', 'a'], []);
    expect(apart.positions.get('b')?.y).toBeLessThan(apart.positions.get('a')?.y ?? 0);
  });

  it('still lays out a graph with a cycle', () => {
    const loop = layoutGraph(['a', 'b', 'c'], [link('a', 'b'), link('b', 'c'), link('c', 'b')]);
    expect([...loop.positions.keys()]).toEqual(['a', 'b', 'c']);
    expect(loop.positions.get('a')?.x).toBeLessThan(loop.positions.get('b')?.x ?? 0);
  });

  it('fits a graph that fits, never zooming in past 1', () => {
    expect(readableView(layout, 2000).zoom).toBe(1);
  });

  it('never draws the text under 12 px: a wide graph keeps the readable zoom instead', () => {
    const { zoom, height } = readableView(layout, 300);
    expect(zoom).toBe(MIN_READABLE_ZOOM);
    expect(NODE_MIN_FONT_PX * zoom).toBeGreaterThanOrEqual(12);
    expect(height).toBeGreaterThanOrEqual(240);
    // The box is as tall as the whole graph at that zoom: no entry point below it.
    expect(readableView({ width: 5000, height: 900 }, 300).height).toBe(
      Math.round(900 * zoom + 32),
    );
  });

  it('ignores edges to nodes it was not given', () => {
    const only = layoutGraph(['phish', 'takeover'], GRAPH.edges);
    expect([...only.positions.keys()]).toEqual(['phish', 'takeover']);
    expect(only.routes.map((r) => r.edge.id)).toEqual(['phish-takeover']);
  });
});

describe('who may mark a task done from the graph', () => {
  const task = (patch: Partial<AttackTask> = {}): AttackTask => ({
    taskId: 't1',
    catalogueId: 'mfa',
    title: 'Turn on MFA',
    user: null,
    isCompleted: false,
    heldOpenBy: null,
    ...patch,
  });
  const admin = { email: 'alice@example.com', role: 'admin' as const };
  const member = { email: 'ben@example.com', role: 'user' as const };

  it('lets any administrator do an Admin task', () => {
    expect(mayComplete(task(), admin)).toBe(true);
    expect(mayComplete(task(), member)).toBe(false);
  });

  it('lets only the assignee do an Individual task', () => {
    expect(mayComplete(task({ user: member.email }), member)).toBe(true);
    expect(mayComplete(task({ user: member.email }), admin)).toBe(false);
  });

  it('refuses a task already done, held open by a check, or without a session', () => {
    expect(mayComplete(task({ isCompleted: true }), admin)).toBe(false);
    expect(mayComplete(task({ heldOpenBy: 'gws' }), admin)).toBe(false);
    expect(mayComplete(task(), null)).toBe(false);
  });
});

describe('the tasks that close an entry point', () => {
  const copy = (user: string | null, patch: Partial<AttackTask> = {}): AttackTask => ({
    taskId: `t-${user}`,
    catalogueId: 'encrypt-disk',
    title: 'Encrypt your laptop',
    user,
    isCompleted: false,
    heldOpenBy: null,
    ...patch,
  });

  it('groups each person’s copy of one task, keeping single and Admin tasks apart', () => {
    const admin = copy(null, { catalogueId: 'dmarc', title: 'Turn on DMARC' });
    const alone = copy('eve@example.com', { catalogueId: 'mfa', title: 'Turn on MFA' });
    const groups = groupTasks([
      copy('a@example.com'),
      admin,
      copy('b@example.com', { isCompleted: true }),
      alone,
      copy('c@example.com'),
    ]);
    expect(
      groups.map((g) => (g.kind === 'one' ? g.task.title : `${g.tasks.length} people`)),
    ).toEqual(['3 people', 'Turn on DMARC', 'Turn on MFA']);
  });

  it('reminds only the people who have not done it', () => {
    expect(
      peopleToRemind([copy('a@example.com'), copy('b@example.com', { isCompleted: true })]),
    ).toEqual(['a@example.com']);
  });
});

describe('a node’s accessible name', () => {
  it('reads kind, name, unknown and severity in the order its badges show them', () => {
    expect(nodeAccessibleName(node('rdp', 'entry', { label: 'Remote desktop' }))).toBe(
      'Entry point: Remote desktop, High severity',
    );
    expect(nodeAccessibleName(node('rdp', 'entry', { state: 'unknown', severity: 'Low' }))).toBe(
      'Entry point: rdp, unknown, Low severity',
    );
  });
});
