import { describe, expect, it } from 'vitest';
import { stoppedAttacks } from './organization-figures';
import { formatScore } from './score-format';
import { chartPoints, linePath, trendSummary } from './trend-chart';

describe('stopped attacks', () => {
  it('adds failed logins and blocked spam', () => {
    expect(stoppedAttacks({ stopped_attacks: { failed_logins: 37, blocked_spam: 412 } })).toEqual({
      total: 449,
      failedLogins: 37,
      blockedSpam: 412,
    });
  });
});

describe('score trend chart', () => {
  const box = { width: 220, height: 120, padX: 10, padY: 10 };

  it('places days along x by date and scores from 0 (bottom) to 100 (top)', () => {
    const points = chartPoints(
      [
        { date: '2025-03-01', score: 0 },
        { date: '2025-03-02', score: 50 },
        { date: '2025-03-11', score: 100 },
      ],
      box,
    );
    expect(points.map((p) => [p.x, p.y])).toEqual([
      [10, 110],
      [30, 60],
      [210, 10],
    ]);
    expect(linePath(points)).toBe('M10.0,110.0 L30.0,60.0 L210.0,10.0');
  });

  it('puts a single day in the middle and keeps scores inside the box', () => {
    expect(chartPoints([{ date: '2025-03-01', score: 140 }], box)).toEqual([
      { date: '2025-03-01', score: 140, x: 110, y: 10 },
    ]);
    expect(chartPoints([], box)).toEqual([]);
  });

  it('sums the trend up in words for screen readers', () => {
    expect(
      trendSummary([
        { date: '2025-03-01', score: 40 },
        { date: '2025-03-02', score: 38 },
        { date: '2025-03-31', score: 55 },
      ]),
    ).toBe('Cyber score trend: 40 on Mar 1, 2025, 55 on Mar 31, 2025, up 15 points.');
    expect(
      trendSummary([
        { date: '2025-03-01', score: 40 },
        { date: '2025-03-02', score: 39 },
      ]),
    ).toContain('down 1 point.');
    expect(
      trendSummary([
        { date: '2025-03-01', score: 4 },
        { date: '2025-03-02', score: 4.6 },
      ]),
    ).toBe('Cyber score trend: 4 on Mar 1, 2025, 4.6 on Mar 2, 2025, up 0.6 points.');
    expect(trendSummary([{ date: '2025-03-01', score: 40 }])).toBe(
      'Cyber score trend: 40 on Mar 1, 2025, the first day recorded.',
    );
    expect(trendSummary([])).toBe('Cyber score trend: no scores recorded yet.');
  });
});

describe('score format', () => {
  it('shows up to one decimal in the given locale', () => {
    expect(formatScore(72.5, 'en-US')).toBe('72.5');
    expect(formatScore(80, 'en-US')).toBe('80');
    expect(formatScore(13.64, 'en-US')).toBe('13.6');
    expect(formatScore(72.5, 'de-DE')).toBe('72,5');
  });
});
