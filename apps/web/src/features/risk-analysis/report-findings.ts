import type { AreaScore, ScanFinding, ScanReport } from '@castellan/contract';
import type { Severity } from '@castellan/contract/vocabulary';

const SEVERITY_RANK: Record<Severity, number> = {
  Critical: 4,
  High: 3,
  Medium: 2,
  Low: 1,
  Info: 0,
};

/** Failures before notes, then the worst severity first; the report's order breaks ties. */
export function byConcern(a: ScanFinding, b: ScanFinding): number {
  const status = (f: ScanFinding) => (f.status === 'fail' ? 0 : 1);
  return status(a) - status(b) || SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity];
}

export type AreaFindings = AreaScore & {
  /** Failures and notes worth knowing, worst first: shown at once. */
  problems: ScanFinding[];
  /** Checks that passed, and checks that could not run: shown on request. */
  passed: ScanFinding[];
  notTested: ScanFinding[];
};

/** The report's findings under each of its areas, in the report's area order. */
export function groupFindings(report: Pick<ScanReport, 'areas' | 'findings'>): AreaFindings[] {
  return report.areas.map((area) => {
    const own = report.findings.filter((f) => f.area === area.area);
    return {
      ...area,
      problems: own.filter((f) => f.status === 'fail' || f.status === 'info').sort(byConcern),
      passed: own.filter((f) => f.status === 'pass'),
      notTested: own.filter((f) => f.status === 'not-tested'),
    };
  });
}

/** The worst failures of the whole report, for a short summary. */
export const topProblems = (report: Pick<ScanReport, 'findings'>, count = 3): ScanFinding[] =>
  report.findings
    .filter((f) => f.status === 'fail')
    .sort(byConcern)
    .slice(0, count);

export const countProblems = (report: Pick<ScanReport, 'findings'>): number =>
  report.findings.filter((f) => f.status === 'fail').length;
