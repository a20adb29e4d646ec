import type {
  AttackEvidence,
  AttackState,
  AttackTask,
  EvidenceSource,
  ScanFinding,
  Severity,
  Task,
} from '@castellan/contract';
import { findingTaskId } from '@castellan/scanner';
import { ENTRY_POINTS, type EntryRule } from './entry-points';

/** What the graph is computed from: the organisation's stored evidence. */
export type AttackGraphInput = {
  /** Every task of the organisation, as `/api/actions?scope=organization` lists them. */
  tasks: readonly Task[];
  members: readonly { email: string; name: string; role: 'admin' | 'user' }[];
  /** The latest finished domain report's findings; null when there is none. */
  findings: readonly ScanFinding[] | null;
  /** The sources that have looked at the organisation (domain scan, suites, agent). */
  available: ReadonlySet<EvidenceSource>;
};

/** An entry point that is not closed: its state, what shows it and how likely it is used. */
export type Exposure = {
  rule: EntryRule;
  state: AttackState;
  tasks: AttackTask[];
  evidence: AttackEvidence[];
  /** Short facts for the edges out of the entry point: counts, finding ids, admins' names. */
  facts: string[];
  likelihood: number;
};

const MAX_LIKELIHOOD = 0.95;
const MINOR = new Set<Severity>(['Info', 'Low']);
const NAMES_SHOWN = 5;

/** The catalogue entries that close an entry point: all the graph reads of the tasks. */
export const ENTRY_TASKS: ReadonlySet<string> = new Set(ENTRY_POINTS.flatMap((r) => r.tasks));

/** The open tasks the entry points care about; an Admin task once, whoever it is listed for. */
export function openEntryTasks(tasks: readonly Task[]): Task[] {
  const seen = new Set<string>();
  return tasks.filter((t) => {
    if (t.isCompleted || !ENTRY_TASKS.has(t.catalogueId)) return false;
    const key = t.scope === 'Admin' ? t.catalogueId : t.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const listNames = (names: readonly string[]) =>
  names.length <= NAMES_SHOWN
    ? names.join(', ')
    : `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 1 − (1 − p)ⁿ: the chance that at least one of n ways in is used, each with chance p. */
export const likelihoodOf = (perInstance: number, count: number) =>
  Math.min(MAX_LIKELIHOOD, 1 - (1 - perInstance) ** count);

/** What every entry point reads of the input, worked out once. */
type Context = {
  available: ReadonlySet<EvidenceSource>;
  nameOf: ReadonlyMap<string, string>;
  admins: readonly string[];
  /** The report's failing findings by the task that fixes them. */
  failedByTask: ReadonlyMap<string, readonly ScanFinding[]>;
};

function contextOf(input: Omit<AttackGraphInput, 'tasks'>): Context {
  const failedByTask = new Map<string, ScanFinding[]>();
  for (const f of input.findings ?? []) {
    const taskId = f.status === 'fail' ? findingTaskId(f) : null;
    if (taskId) failedByTask.set(taskId, [...(failedByTask.get(taskId) ?? []), f]);
  }
  return {
    available: input.available,
    nameOf: new Map(input.members.map((m) => [m.email, m.name])),
    admins: input.members.filter((m) => m.role === 'admin').map((m) => m.name),
    failedByTask,
  };
}

/** How one entry point stands, from its open tasks (already filtered by `openEntryTasks`). */
function exposureOf(rule: EntryRule, openTasks: readonly Task[], ctx: Context): Exposure | null {
  const mine = openTasks.filter((t) => rule.tasks.includes(t.catalogueId));
  if (mine.length === 0) return null;
  const looked = rule.revealedBy.some((s) => ctx.available.has(s));

  const judged = mine.flatMap((t) => {
    const failing = t.evidence.filter((e) => e.verdict === 'fail');
    const failed = ctx.failedByTask.get(t.catalogueId) ?? [];
    const findings = failed.filter((f) => !MINOR.has(f.severity));
    // Only minor findings (no DMARC reports, say) hold the task open: not a way in.
    if (failed.length > 0 && findings.length === 0) {
      if (failing.every((e) => e.source === 'domain-scan')) return [];
    }
    const open = failing.length > 0 || findings.length > 0 || looked;
    return [{ task: t, failing, findings, open }];
  });
  if (judged.length === 0) return null;
  const state: AttackState = judged.some((j) => j.open) ? 'open' : 'unknown';
  const counted = judged.filter((j) => j.open === (state === 'open'));

  const whose = (t: Task) => (t.scope === 'Admin' ? null : (ctx.nameOf.get(t.user) ?? t.user));
  const evidence: AttackEvidence[] = [];
  for (const { task, failing, findings, open } of counted) {
    if (!open) continue;
    const who = whose(task);
    const prefix = who ? `${who}: ` : '';
    for (const f of findings) {
      evidence.push({ text: f.title, source: 'domain-scan', findingId: f.id });
    }
    for (const e of failing) {
      if (e.source === 'domain-scan' && findings.length > 0) continue;
      evidence.push({
        text: `${prefix}${e.detail ?? task.title}`,
        source: e.source,
        findingId: null,
      });
    }
    if (failing.length === 0 && findings.length === 0) {
      evidence.push({
        text: who ? `${who} has not done “${task.title}”` : `“${task.title}” is not done`,
        source: null,
        findingId: null,
      });
    }
  }

  const facts = factsOf(rule, counted, whose, ctx.admins);
  const admins = ctx.admins;
  if (rule.id === 'admin-sign-in' && admins.length > 0) {
    evidence.push({
      text: `Administrators: ${listNames(admins)}`,
      source: null,
      findingId: null,
    });
  }
  // An administrator is a way in each; other entry points count their open tasks.
  const count = rule.id === 'admin-sign-in' ? Math.max(1, admins.length) : counted.length;

  return {
    rule,
    state,
    tasks: judged.map(({ task: t }) => ({
      taskId: t.id,
      catalogueId: t.catalogueId,
      title: t.title,
      user: t.scope === 'Admin' ? null : t.user,
      isCompleted: t.isCompleted,
      heldOpenBy: t.evidence.find((e) => e.verdict === 'fail')?.source ?? null,
    })),
    evidence,
    facts,
    likelihood: likelihoodOf(rule.perInstance, count),
  };
}

function factsOf(
  rule: EntryRule,
  counted: readonly { task: Task; findings: readonly ScanFinding[] }[],
  whose: (t: Task) => string | null,
  admins: readonly string[],
): string[] {
  const facts: string[] = [];
  const findingIds = counted.flatMap((j) => j.findings.map((f) => f.id));
  if (findingIds.length > 0) facts.push(`Findings: ${[...new Set(findingIds)].join(', ')}`);
  const people = counted.map((j) => whose(j.task)).filter((n): n is string => n !== null);
  if (people.length > 0) {
    facts.push(`${plural(people.length, 'member', 'members')}: ${listNames(people)}`);
  }
  for (const { task } of counted) {
    if (task.scope !== 'Admin') continue;
    const detail = task.evidence.find((e) => e.verdict === 'fail')?.detail;
    facts.push(detail ?? `“${task.title}” not done`);
  }
  if (rule.id === 'admin-sign-in' && admins.length > 0) {
    facts.push(`${plural(admins.length, 'admin', 'admins')}: ${listNames(admins)}`);
  }
  return facts;
}

/** Every entry point that is not closed, given the open tasks (`openEntryTasks`). */
export const exposuresFrom = (
  openTasks: readonly Task[],
  input: Omit<AttackGraphInput, 'tasks'>,
): Exposure[] => {
  const ctx = contextOf(input);
  return ENTRY_POINTS.map((rule) => exposureOf(rule, openTasks, ctx)).filter(
    (e): e is Exposure => e !== null,
  );
};

/** Every entry point that is not closed, in the order of ENTRY_POINTS. */
export const exposuresOf = (input: AttackGraphInput): Exposure[] =>
  exposuresFrom(openEntryTasks(input.tasks), input);
