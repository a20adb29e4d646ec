import {
  AGENT_SCHEDULE_HOURS,
  EVIDENCE_SOURCE_NAMES,
  EVIDENCE_SOURCES,
  type EvidenceSource,
  type TaskEvidence,
} from '@castellan/contract';

/**
 * What an automatic check said about one task: of one member, or (`userId` null) of the
 * organisation, for an Admin task. Every source — the domain scan, Google Workspace, Microsoft 365,
 * Meta, the endpoint agent — reports in this one shape.
 */
export type Evidence = {
  catalogueId: string;
  userId: string | null;
  source: EvidenceSource;
  verdict: 'pass' | 'fail';
  detail: string | null;
  checkedAt: Date;
};

/** A source's verdicts before they are stored: the time is the source's report time. */
export type Verdict = Omit<Evidence, 'source' | 'checkedAt'>;

/** The evidence of an organisation, looked up by task and member. */
export class EvidenceIndex {
  private readonly byKey = new Map<string, Evidence[]>();

  constructor(evidence: Iterable<Evidence> = []) {
    for (const e of evidence) {
      const key = keyOf(e.catalogueId, e.userId);
      const list = this.byKey.get(key) ?? [];
      list.push(e);
      this.byKey.set(key, list);
    }
  }

  /** Each (task, member) judged, with the verdict of all its evidence together. */
  *verdicts(): Iterable<{ catalogueId: string; userId: string | null; verdict: 'pass' | 'fail' }> {
    for (const list of this.byKey.values()) {
      const [first] = list;
      const verdict = judge(list);
      if (first && verdict) yield { catalogueId: first.catalogueId, userId: first.userId, verdict };
    }
  }

  /** The evidence about a task of a member (`null`: the organisation's Admin task). */
  about(catalogueId: string, userId: string | null): readonly Evidence[] {
    return this.byKey.get(keyOf(catalogueId, userId)) ?? [];
  }
}

const keyOf = (catalogueId: string, userId: string | null) => `${catalogueId}|${userId ?? ''}`;

/** Any failing check keeps the task open; otherwise a passing one completes it. */
export function judge(evidence: readonly Evidence[]): 'pass' | 'fail' | undefined {
  if (evidence.some((e) => e.verdict === 'fail')) return 'fail';
  return evidence.length > 0 ? 'pass' : undefined;
}

/** The latest passing check: the one that says when the task was found done. */
export function latestPass(evidence: readonly Evidence[]): Evidence | undefined {
  let latest: Evidence | undefined;
  for (const e of evidence) {
    if (e.verdict === 'pass' && (!latest || e.checkedAt > latest.checkedAt)) latest = e;
  }
  return latest;
}

/** The sources that checked something of a member, in the vocabulary's order. */
export const checkedBy = (sources: Iterable<EvidenceSource>): EvidenceSource[] => {
  const seen = new Set(sources);
  return EVIDENCE_SOURCES.filter((s) => seen.has(s));
};

export const sourceName = (source: EvidenceSource) => EVIDENCE_SOURCE_NAMES[source];

/** The evidence as the task view shows it: failing checks first, then the latest. */
export function shownEvidence(evidence: readonly Evidence[]): TaskEvidence[] {
  return [...evidence]
    .sort(
      (a, b) =>
        Number(a.verdict === 'pass') - Number(b.verdict === 'pass') ||
        b.checkedAt.getTime() - a.checkedAt.getTime(),
    )
    .map((e) => ({
      source: e.source,
      verdict: e.verdict,
      checkedAt: e.checkedAt.toISOString(),
      detail: e.detail,
    }));
}

/** Why a task a check found not done cannot be marked done by hand. */
export function failureMessage(evidence: readonly Evidence[]): string {
  const failing = evidence.find((e) => e.verdict === 'fail');
  const source = failing ? failing.source : 'domain-scan';
  const detail = failing?.detail ? ` ${failing.detail}` : '';
  if (source === 'domain-scan') {
    return `The latest scan of your domain found this is not done yet.${detail} Fix it, then run the risk analysis again.`;
  }
  if (source === 'agent') {
    return `The endpoint agent found this is not done yet.${detail} Fix it on that computer; the agent checks again at its next run (every ${AGENT_SCHEDULE_HOURS} hours, or run "castellan-agent run").`;
  }
  if (source === 'phishing-practice') {
    return `Phishing practice decides this task.${detail} Finish the lesson of any practice message you opened (its link in the message leads back to it), and report or leave alone the next one.`;
  }
  return `${sourceName(source)} says this is not done yet.${detail} Fix it there; the next sync checks again.`;
}
