import { z } from 'zod';
import { isoDateTime } from './common';
import { EVIDENCE_SOURCES, SEVERITIES } from './vocabulary';

/**
 * The attack graph (issue 15): how an attacker would get in, from an entry point through their
 * steps to an asset and the harm done, each entry point ending in the tasks that close it.
 */
export const ATTACK_NODE_KINDS = ['entry', 'step', 'asset', 'impact'] as const;
export type AttackNodeKind = (typeof ATTACK_NODE_KINDS)[number];

export const ATTACK_ASSETS = [
  'mailboxes',
  'admin-console',
  'company-files',
  'payments',
  'website',
] as const;
export type AttackAsset = (typeof ATTACK_ASSETS)[number];

export const ATTACK_ASSET_NAMES: Record<AttackAsset, string> = {
  mailboxes: 'mailboxes',
  'admin-console': 'admin console',
  'company-files': 'company files',
  payments: 'payments',
  website: 'website',
};

/** `open`: the evidence shows the way in; `unknown`: nothing has looked yet (never "safe"). */
export const ATTACK_STATES = ['open', 'unknown'] as const;
export type AttackState = (typeof ATTACK_STATES)[number];

export const attackEvidence = z.object({
  text: z.string(),
  /** Where it was found; null for what the organisation itself recorded. */
  source: z.enum(EVIDENCE_SOURCES).nullable(),
  /** The domain report's finding, when it came from one. */
  findingId: z.string().nullable(),
});
export type AttackEvidence = z.infer<typeof attackEvidence>;

/** A task that closes an entry point, as `/api/actions` knows it (mark it done with its id). */
export const attackTask = z.object({
  taskId: z.string(),
  catalogueId: z.string(),
  title: z.string(),
  /** The member it is assigned to (e-mail); null for an Admin task. */
  user: z.string().nullable(),
  isCompleted: z.boolean(),
  /** An automatic check that failed holds the task open: it cannot be marked done by hand. */
  heldOpenBy: z.enum(EVIDENCE_SOURCES).nullable(),
});
export type AttackTask = z.infer<typeof attackTask>;

export const attackNode = z.object({
  id: z.string(),
  kind: z.enum(ATTACK_NODE_KINDS),
  label: z.string(),
  description: z.string(),
  severity: z.enum(SEVERITIES),
  state: z.enum(ATTACK_STATES),
  evidence: z.array(attackEvidence),
  /** Entry points: the tasks that close them. Empty for other kinds. */
  tasks: z.array(attackTask),
  /** Unknown entry points: what would reveal them, and where (an app path). */
  reveal: z.object({ text: z.string(), to: z.string() }).nullable(),
  /** Asset nodes: which one. */
  asset: z.enum(ATTACK_ASSETS).nullable(),
});
export type AttackNode = z.infer<typeof attackNode>;

export const attackEdge = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  /** Why this step is possible, in a few words each (counts, finding ids, admins' names). */
  evidence: z.array(z.string()),
});
export type AttackEdge = z.infer<typeof attackEdge>;

export const attackPath = z.object({
  id: z.string(),
  /** Entry point → attacker step(s) → asset → impact. */
  nodeIds: z.array(z.string()).min(3),
  asset: z.enum(ATTACK_ASSETS),
  state: z.enum(ATTACK_STATES),
  /** 0–1, from the evidence. */
  likelihood: z.number().min(0).max(1),
  /** 0–1, from the asset. */
  impact: z.number().min(0).max(1),
  /** likelihood × impact; paths come most dangerous first. */
  score: z.number().min(0).max(1),
  severity: z.enum(SEVERITIES),
  /** One sentence: "Phishing a mailbox without MFA leads to payment fraud." */
  summary: z.string(),
  /** The catalogue ids of the tasks that cut this path. */
  cutBy: z.array(z.string()),
});
export type AttackPath = z.infer<typeof attackPath>;

/** `GET /api/risk-analysis/attack-graph` (administrators). */
export const attackGraphResponse = z.object({
  nodes: z.array(attackNode),
  edges: z.array(attackEdge),
  /** Most dangerous first. */
  paths: z.array(attackPath),
  counts: z.object({
    openPaths: z.number().int().min(0),
    unknownPaths: z.number().int().min(0),
    openEntryPoints: z.number().int().min(0),
    unknownEntryPoints: z.number().int().min(0),
    /** Open paths per asset. */
    byAsset: z.record(z.enum(ATTACK_ASSETS), z.number().int().min(0)),
  }),
  /** One sentence agreeing with the counts: "3 open paths reach your payments and mailboxes". */
  headline: z.string(),
  computedAt: isoDateTime,
});
export type AttackGraphResponse = z.infer<typeof attackGraphResponse>;
