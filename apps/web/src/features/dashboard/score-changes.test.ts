import { describe, expect, it } from 'vitest';
import { changesByDate, dayChangesLabel, formatPoints } from './score-changes';

const change = (date: string, points: number, summary: string) => ({
  at: `${date}T10:00:00.000Z`,
  date,
  points,
  source: 'manual' as const,
  summary,
});

describe('what moved the score', () => {
  it('signs the points and keeps a second decimal only for small moves', () => {
    expect(formatPoints(2.43)).toBe('+2.4');
    expect(formatPoints(-1.2)).toBe('−1.2');
    expect(formatPoints(0.05)).toBe('+0.05');
  });

  it('groups the changes by day and names at most three of a day', () => {
    const changes = [
      change('2026-11-28', 1, 'a'),
      change('2026-11-28', -0.5, 'b'),
      change('2026-11-28', 1, 'c'),
      change('2026-11-28', 1, 'd'),
      change('2026-11-27', 2, 'e'),
    ];
    const byDate = changesByDate(changes);
    expect([...byDate.keys()]).toEqual(['2026-11-28', '2026-11-27']);
    expect(dayChangesLabel('2026-11-28', byDate.get('2026-11-28') ?? [])).toBe(
      'Nov 28, 2026: +1.0: a; −0.5: b; +1.0: c; and 1 more',
    );
  });
});
