import type { FindingStatus } from '@castellan/contract';
import { gradeFor, type Severity } from '@castellan/contract/vocabulary';

export const SEVERITY_COLORS: Record<Severity, string> = {
  Critical: 'red',
  High: 'orange',
  Medium: 'yellow',
  Low: 'blue',
  Info: 'gray',
};

/** What a finding's badge says: its severity when it is a problem, else what happened. */
export function findingBadge(finding: { status: FindingStatus; severity: Severity }): {
  label: string;
  color: string;
} {
  switch (finding.status) {
    case 'fail':
      return { label: finding.severity, color: SEVERITY_COLORS[finding.severity] };
    case 'info':
      return { label: 'Note', color: 'gray' };
    case 'pass':
      return { label: 'Passed', color: 'green' };
    case 'not-tested':
      return { label: 'Not tested', color: 'gray' };
  }
}

/** An area of the domain report as a letter, as the domain grade is: "Grade B". */
export const areaGradeText = (score: number | null): string =>
  score === null ? 'No grade: nothing could be tested' : `Grade ${gradeFor(score)}`;
