import {
  ATTACK_ASSET_NAMES,
  ATTACK_ASSETS,
  type AttackAsset,
  type AttackEdge,
  type AttackGraphResponse,
  type AttackNode,
  type AttackPath,
  SEVERITIES,
  type Severity,
} from '@castellan/contract';
import { type AttackGraphInput, type Exposure, exposuresOf } from './exposure';
import { ASSETS, IMPACTS, STEPS } from './parts';

/**
 * The attack graph: each entry point that is not closed, through the attacker's steps, to an
 * asset and the harm done. Pure: the same evidence gives the same graph.
 */

const entryId = (id: string) => `entry:${id}`;
const stepId = (id: string) => `step:${id}`;
const assetId = (id: string) => `asset:${id}`;
const impactId = (id: string) => `impact:${id}`;

/** Severity from a path's score (likelihood × impact). */
export function severityOf(score: number): Severity {
  if (score >= 0.5) return 'Critical';
  if (score >= 0.3) return 'High';
  if (score >= 0.15) return 'Medium';
  if (score >= 0.05) return 'Low';
  return 'Info';
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const rank = (s: Severity) => SEVERITIES.indexOf(s);

export function pathsOf(exposures: readonly Exposure[]): AttackPath[] {
  const paths = exposures.flatMap((e) =>
    e.rule.routes.map((route): AttackPath => {
      const likelihood = round(route.steps.reduce((l, s) => l * STEPS[s].factor, e.likelihood));
      const impact = ASSETS[route.asset].impact;
      const score = round(likelihood * impact);
      const nodeIds = [
        entryId(e.rule.id),
        ...route.steps.map(stepId),
        assetId(route.asset),
        impactId(route.impact),
      ];
      return {
        id: nodeIds.join('>'),
        nodeIds,
        asset: route.asset,
        state: e.state,
        likelihood,
        impact,
        score,
        severity: severityOf(score),
        summary: route.summary,
        cutBy: [...new Set(e.tasks.map((t) => t.catalogueId))],
      };
    }),
  );
  return paths.sort(
    (a, b) =>
      Number(a.state === 'unknown') - Number(b.state === 'unknown') ||
      b.score - a.score ||
      a.id.localeCompare(b.id),
  );
}

type NodeBase = Omit<AttackNode, 'severity' | 'state'>;

function nodeBase(id: string, exposures: Map<string, Exposure>): NodeBase {
  const [kind, key = ''] = id.split(':') as [AttackNode['kind'], string];
  const plain = { evidence: [], tasks: [], reveal: null, asset: null };
  switch (kind) {
    case 'entry': {
      const e = exposures.get(id);
      if (!e) throw new Error(`No exposure for ${id}`);
      return {
        id,
        kind,
        label: e.rule.label,
        description: e.rule.description,
        evidence: e.evidence,
        tasks: e.tasks,
        reveal: e.state === 'unknown' ? e.rule.reveal : null,
        asset: null,
      };
    }
    case 'step': {
      const step = STEPS[key as keyof typeof STEPS];
      return { id, kind, label: step.label, description: step.description, ...plain };
    }
    case 'asset': {
      const asset = ASSETS[key as AttackAsset];
      return {
        id,
        kind,
        label: asset.label,
        description: asset.description,
        ...plain,
        asset: key as AttackAsset,
      };
    }
    case 'impact': {
      const impact = IMPACTS[key as keyof typeof IMPACTS];
      return { id, kind, label: impact.label, description: impact.description, ...plain };
    }
  }
}

/** "payments, mailboxes and website". */
const listOf = (words: readonly string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * One sentence that agrees with the counts: every open path and the assets they reach, most
 * dangerous first ("3 open paths reach your payments, mailboxes and website").
 */
function headlineOf(paths: readonly AttackPath[]): string {
  const open = paths.filter((p) => p.state === 'open');
  if (open.length > 0) {
    const assets = listOf([...new Set(open.map((p) => ATTACK_ASSET_NAMES[p.asset]))]);
    return open.length === 1
      ? `1 open path reaches your ${assets}`
      : `${open.length} open paths reach your ${assets}`;
  }
  if (paths.length > 0) {
    return `No open attack paths found; ${paths.length} could not be checked yet`;
  }
  return 'No open attack paths';
}

/** The graph the page shows, from exposures already worked out (`exposuresOf`). */
export function graphOf(exposures: readonly Exposure[], now: Date): AttackGraphResponse {
  const paths = pathsOf(exposures);
  const byEntry = new Map(exposures.map((e) => [entryId(e.rule.id), e]));

  const nodes = new Map<string, AttackNode>();
  const edges = new Map<string, AttackEdge>();
  for (const path of paths) {
    const entry = byEntry.get(path.nodeIds[0] ?? '');
    path.nodeIds.forEach((id, i) => {
      const node = nodes.get(id);
      if (!node) {
        nodes.set(id, { ...nodeBase(id, byEntry), severity: path.severity, state: path.state });
      } else {
        if (rank(path.severity) > rank(node.severity)) node.severity = path.severity;
        if (path.state === 'open') node.state = 'open';
      }
      const from = path.nodeIds[i - 1];
      if (!from) return;
      const key = `${from}->${id}`;
      const edge = edges.get(key) ?? { id: key, from, to: id, evidence: [] };
      const facts = i === 1 ? (entry?.facts ?? []) : [`From ${entry?.rule.label ?? from}`];
      for (const f of facts) if (!edge.evidence.includes(f)) edge.evidence.push(f);
      edges.set(key, edge);
    });
  }

  const open = paths.filter((p) => p.state === 'open');
  const byAsset = Object.fromEntries(
    ATTACK_ASSETS.map((a) => [a, open.filter((p) => p.asset === a).length]),
  ) as Record<AttackAsset, number>;
  return {
    nodes: [...nodes.values()],
    edges: [...edges.values()],
    paths,
    counts: {
      openPaths: open.length,
      unknownPaths: paths.length - open.length,
      openEntryPoints: exposures.filter((e) => e.state === 'open').length,
      unknownEntryPoints: exposures.filter((e) => e.state === 'unknown').length,
      byAsset,
    },
    headline: headlineOf(paths),
    computedAt: now.toISOString(),
  };
}

/** The attack graph of an organisation's evidence. */
export const buildAttackGraph = (input: AttackGraphInput, now: Date): AttackGraphResponse =>
  graphOf(exposuresOf(input), now);
