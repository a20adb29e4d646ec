import type { AttackGraphResponse, AttackNode, AttackPath, AttackTask } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import {
  layoutGraph,
  MIN_READABLE_ZOOM,
  NODE_HEIGHT,
  NODE_MIN_FONT_PX,
  NODE_WIDTH,
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
  const positions = layoutGraph(ids, GRAPH.edges);
  const x = (id: string) => positions.get(id)?.x ?? Number.NaN;

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

  it('lets no two nodes overlap', () => {
    const boxes = [...positions.values()];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT;
        expect(apart).toBe(true);
      }
    }
  });

  it('fits a graph that fits, never zooming in past 1', () => {
    const { viewport } = readableView(positions.values(), 2000);
    expect(viewport.zoom).toBe(1);
    expect(viewport.x).toBeGreaterThan(16);
  });

  it('never draws the text under 12 px: a wide graph starts at its left edge instead', () => {
    const { viewport, height } = readableView(positions.values(), 300);
    expect(viewport.zoom).toBe(MIN_READABLE_ZOOM);
    expect(NODE_MIN_FONT_PX * viewport.zoom).toBeGreaterThanOrEqual(12);
    expect(viewport.x).toBe(16);
    expect(height).toBeGreaterThanOrEqual(240);
  });

  it('ignores edges to nodes it was not given', () => {
    const only = layoutGraph(['phish', 'takeover'], GRAPH.edges);
    expect([...only.keys()]).toEqual(['phish', 'takeover']);
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
