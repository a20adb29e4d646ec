import type { ScoreChange, ScoreResponse } from '@castellan/contract';
import { formatDate } from '../../lib/format-date';

/** The changes made in `now`'s calendar month (the browser's time zone), latest first as given. */
export function changesThisMonth<T extends Pick<ScoreChange, 'at'>>(
  changes: readonly T[],
  now: Date = new Date(),
): T[] {
  return changes.filter((c) => {
    const at = new Date(c.at);
    return at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth();
  });
}

/** "March 2026" */
export const monthName = (now: Date = new Date(), locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(now);

/** "2.4 points", "1 point", "0.05 points" */
function pointsWords(points: number): string {
  const size = Math.abs(points);
  const shown = size > 0 && size < 0.1 ? size.toFixed(2) : String(Math.round(size * 10) / 10);
  return `${shown} ${shown === '1' ? 'point' : 'points'}`;
}

/**
 * A change in one plain sentence: "Mar 4, 2026: “Turn on two-step verification” done for Chloe
 * Davies (Google Workspace check), adding 2.4 points to the score."
 */
export function changeSentence(change: Pick<ScoreChange, 'at' | 'points' | 'summary'>): string {
  const effect =
    change.points === 0
      ? 'leaving the score as it was'
      : change.points > 0
        ? `adding ${pointsWords(change.points)} to the score`
        : `taking ${pointsWords(change.points)} off the score`;
  return `${formatDate(change.at)}: ${change.summary}, ${effect}.`;
}

/** How the score moved over its history, for a reader who will not read the chart. */
export function trendWords(history: ScoreResponse['history']): string {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return 'No score recorded yet.';
  const since = formatDate(`${first.date}T00:00:00Z`, { timeZone: 'UTC' });
  if (history.length === 1) return `First recorded on ${since}.`;
  const change = Math.round((last.score - first.score) * 10) / 10;
  if (change === 0) return `Unchanged since ${since}.`;
  return `${change > 0 ? 'Up' : 'Down'} ${pointsWords(change)} since ${since}.`;
}
