import type {
  AttackAsset,
  AttackEdge,
  AttackGraphResponse,
  AttackNode,
  AttackPath,
  AttackTask,
  UserData,
} from '@castellan/contract';

/** What the page draws and lists: every path, or only those to one asset. */
export type AssetFilter = AttackAsset | 'all';

export type VisibleGraph = { nodes: AttackNode[]; edges: AttackEdge[]; paths: AttackPath[] };

export type AssetOption = { asset: AttackAsset; label: string; openPaths: number };

/** The assets the paths lead to, most dangerous first (the paths' order), with their open count. */
export function assetOptions(graph: AttackGraphResponse): AssetOption[] {
  const seen = new Set<AttackAsset>();
  for (const path of graph.paths) seen.add(path.asset);
  return [...seen].map((asset) => ({
    asset,
    label: graph.nodes.find((node) => node.asset === asset)?.label ?? asset.replace(/-/g, ' '),
    openPaths: graph.counts.byAsset[asset] ?? 0,
  }));
}

/** Consecutive node pairs of a path, as "from→to" keys. */
const stepsOf = (path: AttackPath): string[] =>
  path.nodeIds.slice(1).map((to, index) => `${path.nodeIds[index]}→${to}`);

/**
 * The part of the graph the filter keeps. "All" keeps everything the server sent (an entry point
 * on no path is still worth seeing); an asset keeps its paths and the nodes and edges they use.
 */
export function visibleGraph(graph: AttackGraphResponse, filter: AssetFilter): VisibleGraph {
  if (filter === 'all') return { nodes: graph.nodes, edges: graph.edges, paths: graph.paths };
  const paths = graph.paths.filter((path) => path.asset === filter);
  const nodeIds = new Set(paths.flatMap((path) => path.nodeIds));
  const steps = new Set(paths.flatMap(stepsOf));
  return {
    nodes: graph.nodes.filter((node) => nodeIds.has(node.id)),
    edges: graph.edges.filter((edge) => steps.has(`${edge.from}→${edge.to}`)),
    paths,
  };
}

/** A path's nodes in order; ids the response does not describe are left out. */
export const nodesOfPath = (path: AttackPath, nodes: AttackNode[]): AttackNode[] =>
  path.nodeIds.flatMap((id) => nodes.filter((node) => node.id === id));

/** An Admin task (no assignee) is any administrator's to complete; an Individual one its assignee's. */
export function mayComplete(task: AttackTask, user: Pick<UserData, 'email' | 'role'> | null) {
  if (!user || task.isCompleted || task.heldOpenBy !== null) return false;
  return task.user === null ? user.role === 'admin' : task.user === user.email;
}

export const KIND_NAMES: Record<AttackNode['kind'], string> = {
  entry: 'Entry point',
  step: 'Attacker step',
  asset: 'Asset',
  impact: 'Impact',
};

/**
 * How a node introduces itself to a screen reader, in the order its badges read (WCAG 2.5.3):
 * kind, name, whether it is unknown, severity.
 */
export const nodeAccessibleName = (node: AttackNode): string =>
  `${KIND_NAMES[node.kind]}: ${node.label}${node.state === 'unknown' ? ', unknown' : ''}, ${node.severity} severity`;

/** An entry point's tasks as shown: one card for a task, one for a task everyone must do. */
export type TaskGroup =
  | { kind: 'one'; task: AttackTask }
  | { kind: 'people'; catalogueId: string; title: string; tasks: AttackTask[] };

/**
 * The tasks that close an entry point, each person's copy of the same task grouped ("11 people,
 * 3 done"), in the order the first copy of each came.
 */
export function groupTasks(tasks: readonly AttackTask[]): TaskGroup[] {
  const copies = new Map<string, AttackTask[]>();
  for (const task of tasks) {
    if (task.user === null) continue;
    copies.set(task.catalogueId, [...(copies.get(task.catalogueId) ?? []), task]);
  }
  const groups: TaskGroup[] = [];
  const placed = new Set<string>();
  for (const task of tasks) {
    const same = task.user === null ? [] : (copies.get(task.catalogueId) ?? []);
    if (same.length < 2) groups.push({ kind: 'one', task });
    else if (!placed.has(task.catalogueId)) {
      placed.add(task.catalogueId);
      groups.push({
        kind: 'people',
        catalogueId: task.catalogueId,
        title: task.title,
        tasks: same,
      });
    }
  }
  return groups;
}

/** The people of a group who have not done the task yet (e-mails). */
export const peopleToRemind = (tasks: readonly AttackTask[]): string[] =>
  tasks.flatMap((task) => (task.isCompleted || task.user === null ? [] : [task.user]));
