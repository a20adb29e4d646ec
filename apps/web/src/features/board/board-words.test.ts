import { describe, expect, it } from 'vitest';
import { changeSentence, changesThisMonth, monthName, trendWords } from './board-words';

// Local times: "this month" is the reader's calendar month.
const local = (month: number, day: number, hour = 12) =>
  new Date(2026, month, day, hour).toISOString();

describe('what changed this month', () => {
  const now = new Date(2026, 2, 15, 9);

  it('keeps the changes of the current calendar month only, in their order', () => {
    const changes = [
      { at: local(3, 1, 0), summary: 'next month' },
      { at: local(2, 31, 23), summary: 'last evening of the month' },
      { at: local(2, 1, 0), summary: 'first night of the month' },
      { at: local(1, 28, 23), summary: 'the month before' },
      { at: new Date(2025, 2, 10).toISOString(), summary: 'a year before' },
    ];
    expect(changesThisMonth(changes, now).map((c) => c.summary)).toEqual([
      'last evening of the month',
      'first night of the month',
    ]);
    expect(changesThisMonth([], now)).toEqual([]);
  });

  it('names the month', () => {
    expect(monthName(now)).toBe('March 2026');
  });

  it('says each change in a plain sentence with what it did to the score', () => {
    const summary = '“Turn on two-step sign-in” done for Chloe Davies (Google Workspace check)';
    expect(changeSentence({ at: local(2, 4), points: 2.4, summary })).toBe(
      `Mar 4, 2026: ${summary}, adding 2.4 points to the score.`,
    );
    expect(changeSentence({ at: local(2, 4), points: -1, summary })).toBe(
      `Mar 4, 2026: ${summary}, taking 1 point off the score.`,
    );
    expect(changeSentence({ at: local(2, 4), points: 0.05, summary })).toBe(
      `Mar 4, 2026: ${summary}, adding 0.05 points to the score.`,
    );
  });
});

describe('the score’s trend in words', () => {
  it('says how far the score moved since the first day recorded', () => {
    expect(
      trendWords([
        { date: '2026-02-01', score: 60 },
        { date: '2026-03-01', score: 72.5 },
      ]),
    ).toBe('Up 12.5 points since Feb 1, 2026.');
    expect(
      trendWords([
        { date: '2026-02-01', score: 60 },
        { date: '2026-03-01', score: 59 },
      ]),
    ).toBe('Down 1 point since Feb 1, 2026.');
    expect(
      trendWords([
        { date: '2026-02-01', score: 60 },
        { date: '2026-03-01', score: 60 },
      ]),
    ).toBe('Unchanged since Feb 1, 2026.');
    expect(trendWords([{ date: '2026-03-01', score: 60 }])).toBe('First recorded on Mar 1, 2026.');
    expect(trendWords([])).toBe('No score recorded yet.');
  });
});
