import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's imports run one way: lib/ and components/ at the bottom, features/ above them,
 * app/ (and main.tsx) on top. A feature uses another only through that feature's index.ts, and no
 * two files import each other, directly or in a circle. Each failure names the import to change.
 */

const SRC = import.meta.dirname;

/** How high a folder sits: a file may import only from its own level or below. */
const LEVELS: Record<string, number> = { lib: 0, components: 0, features: 1, app: 2 };
const TOP = 3; // main.tsx and the tests

type Import = { from: string; to: string; line: number };

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

// `import x from '…'`, `import type { x } from '…'`, `export { x } from '…'`, `import '…'` and
// `import('…')`: the parts of TypeScript that name another module.
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The source file a relative specifier names, or null for packages, styles and images. */
function resolve(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return (
    candidates.find(
      (file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile(),
    ) ?? null
  );
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const target = resolve(file, match[1] ?? '');
      if (!target) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ from: file, to: target, line });
    }
  }
  return found;
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
/** Tests and their helpers (test/) ship in no page: like main.tsx, they may import any level. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || relative(file).startsWith('test/');
const level = (file: string) =>
  isTestCode(file) ? TOP : (LEVELS[relative(file).split('/')[0] ?? ''] ?? TOP);
/** The feature a file belongs to, e.g. 'tasks' for features/tasks/api.ts. */
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(relative(file))?.[1];
const describeImport = ({ from, to, line }: Import) =>
  `${relative(from)}:${line} imports ${relative(to)}`;

const files = sourceFiles(SRC);
const imports = files.flatMap(importsOf);

/** Imports from a lower level to a higher one. */
const upwardImports = () =>
  imports.filter(({ from, to }) => level(to) > level(from)).map(describeImport);

/** Imports from one feature into another that do not go through its index.ts. */
const crossFeatureImports = () =>
  imports
    .filter(({ from, to }) => {
      const [source, target] = [featureOf(from), featureOf(to)];
      return (
        source !== undefined &&
        target !== undefined &&
        source !== target &&
        !/^features\/[^/]+\/index\.tsx?$/.test(relative(to))
      );
    })
    .map(describeImport);

type Graph = Map<string, string[]>;

/** Groups of nodes that reach each other (Tarjan's strongly connected components), self-loops too. */
function circularGroups(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, lowLink.get(next) ?? 0));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest circle through a group's first node, e.g. a → b → a: an import there must go. */
function shortestCircle(group: string[], graph: Graph): string {
  const start = [...group].sort()[0] ?? '';
  const inGroup = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const node of queue) {
    for (const next of graph.get(node) ?? []) {
      if (!inGroup.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next !== start) queue.push(next);
    }
    if (cameFrom.has(start)) break;
  }
  const circle = [start];
  for (let node = cameFrom.get(start); node && node !== start; node = cameFrom.get(node)) {
    circle.unshift(node);
  }
  return `${group.length} in a circle, e.g. ${[start, ...circle].join(' → ')}`;
}

function graphOf(pairs: [string, string][]): Graph {
  const graph: Graph = new Map();
  for (const [from, to] of pairs) {
    graph.set(from, [...(graph.get(from) ?? []), to]);
    if (!graph.has(to)) graph.set(to, []);
  }
  return graph;
}

const circlesIn = (graph: Graph) =>
  circularGroups(graph).map((group) => shortestCircle(group, graph));

const fileGraph = () =>
  graphOf(imports.map(({ from, to }): [string, string] => [relative(from), relative(to)]));

/** Features that use each other, even through their index.ts: one of them should own the piece. */
const featureGraph = () =>
  graphOf(
    imports.flatMap(({ from, to }): [string, string][] => {
      const [source, target] = [featureOf(from), featureOf(to)];
      return source && target && source !== target ? [[source, target]] : [];
    }),
  );

describe('web architecture', () => {
  it('has no import running back up (lib/components → features/app, features → app)', () => {
    expect(upwardImports()).toEqual([]);
  });

  it("uses another feature only through that feature's index.ts", () => {
    expect(crossFeatureImports()).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(circlesIn(fileGraph())).toEqual([]);
  });

  it('has no circle between features', () => {
    expect(circlesIn(featureGraph())).toEqual([]);
  });

  it('reads the imports it judges', () => {
    // A parser that found nothing would pass every rule above.
    expect(imports.length).toBeGreaterThan(files.length);
  });
});
