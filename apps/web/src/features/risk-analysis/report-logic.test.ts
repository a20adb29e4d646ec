import type { ScanFinding, ScanReport } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { gradeColor } from '../../components/grade-color';
import { areaGradeText, findingBadge } from './report-display';
import { countProblems, groupFindings, topProblems } from './report-findings';
import { pollWhileRunning, scanProgress } from './scan-progress';
import { scoredHistory, sparklinePoints } from './score-history';

const finding = (
  id: string,
  area: ScanFinding['area'],
  status: ScanFinding['status'],
  severity: ScanFinding['severity'] = 'Info',
): ScanFinding => ({
  id,
  check: id.split('.')[0] ?? id,
  area,
  status,
  severity,
  title: id,
  evidence: '',
  recommendation: null,
  taskId: null,
});

const report: Pick<ScanReport, 'areas' | 'findings'> = {
  areas: [
    {
      area: 'email-authentication',
      title: 'E-mail authentication',
      score: 40,
      checksTested: 3,
      checksNotTested: 0,
    },
    { area: 'dns', title: 'DNS security', score: null, checksTested: 0, checksNotTested: 2 },
  ],
  findings: [
    finding('dkim.found', 'email-authentication', 'pass'),
    finding('dmarc.no-reports', 'email-authentication', 'fail', 'Low'),
    finding('spf.soft', 'email-authentication', 'info'),
    finding('spf.pass-all', 'email-authentication', 'fail', 'Critical'),
    finding('dmarc.policy-none', 'email-authentication', 'fail', 'High'),
    finding('dnssec.timeout', 'dns', 'not-tested'),
    finding('caa.timeout', 'dns', 'not-tested'),
  ],
};

describe('grouping the findings', () => {
  it('keeps the report’s areas in order, problems worst first, notes after failures', () => {
    const groups = groupFindings(report);
    expect(groups.map((g) => g.title)).toEqual(['E-mail authentication', 'DNS security']);
    expect(groups[0]?.problems.map((f) => f.id)).toEqual([
      'spf.pass-all',
      'dmarc.policy-none',
      'dmarc.no-reports',
      'spf.soft',
    ]);
    expect(groups[0]?.passed.map((f) => f.id)).toEqual(['dkim.found']);
    expect(groups[0]?.notTested).toEqual([]);
  });

  it('puts checks that could not run apart, and keeps an area without findings', () => {
    const [, dns] = groupFindings(report);
    expect(dns?.problems).toEqual([]);
    expect(dns?.notTested.map((f) => f.id)).toEqual(['dnssec.timeout', 'caa.timeout']);
    expect(groupFindings({ ...report, findings: [] })[1]?.problems).toEqual([]);
  });

  it('picks the worst failures for a summary and counts them', () => {
    expect(topProblems(report, 2).map((f) => f.id)).toEqual(['spf.pass-all', 'dmarc.policy-none']);
    expect(countProblems(report)).toBe(3);
  });
});

describe('report display', () => {
  it('colours grades from green to red, grey without a grade', () => {
    expect(gradeColor('A')).toBe('green');
    expect(gradeColor('D')).toBe('orange');
    expect(gradeColor('F')).toBe('red.9');
    expect(gradeColor(null)).toBe('gray');
  });

  it('labels a finding by its severity only when it is a problem', () => {
    expect(findingBadge({ status: 'fail', severity: 'Critical' })).toEqual({
      label: 'Critical',
      color: 'red',
    });
    expect(findingBadge({ status: 'pass', severity: 'Info' }).label).toBe('Passed');
    expect(findingBadge({ status: 'not-tested', severity: 'Info' }).label).toBe('Not tested');
    expect(findingBadge({ status: 'info', severity: 'Info' }).label).toBe('Note');
  });

  it('gives an area a letter, as the domain grade, never a score out of 100', () => {
    expect(areaGradeText(40)).toBe('Grade F');
    expect(areaGradeText(58)).toBe('Grade E');
    expect(areaGradeText(81)).toBe('Grade B');
    expect(areaGradeText(null)).toMatch(/nothing could be tested/);
  });
});

describe('scan progress', () => {
  it('counts the checks done as a whole percentage', () => {
    expect(scanProgress({ checksDone: 3, checksTotal: 19 })).toEqual({
      completed: 3,
      total: 19,
      percent: 15,
    });
    expect(scanProgress({ checksDone: 19, checksTotal: 19 }).percent).toBe(100);
  });

  it('stays within bounds when the numbers are odd', () => {
    expect(scanProgress({ checksDone: 0, checksTotal: 0 }).percent).toBe(0);
    expect(scanProgress({ checksDone: 25, checksTotal: 19 }).completed).toBe(19);
  });

  it('polls every second only while the scan runs', () => {
    expect(pollWhileRunning({ state: 'running' })).toBe(1000);
    expect(pollWhileRunning({ state: 'done' })).toBe(false);
    expect(pollWhileRunning({ state: 'failed' })).toBe(false);
    expect(pollWhileRunning(null)).toBe(false);
  });
});

describe('score history', () => {
  it('leaves out scans without a score', () => {
    const history = [
      {
        id: '1',
        finishedAt: '2026-01-01T00:00:00Z',
        score: 40,
        grade: 'D' as const,
      },
      { id: '2', finishedAt: '2026-01-02T00:00:00Z', score: null, grade: null },
    ];
    expect(scoredHistory(history).map((h) => h.id)).toEqual(['1']);
  });

  it('draws scores evenly across the box, 100 at the top', () => {
    expect(sparklinePoints([0, 50, 100], 100, 20)).toBe('0,20 50,10 100,0');
    expect(sparklinePoints([70], 100, 20)).toBe('0,6 100,6');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });
});
