import type { ScoreChange } from '@castellan/contract';
import { dayLabel } from './trend-chart';

/** How many changes the Overview lists under "What moved your score". */
export const CHANGES_SHOWN = 5;

/** "+2.4", "−1.2", "+0.05": points a change moved, small ones with a second decimal. */
export function formatPoints(points: number): string {
  const size = Math.abs(points);
  const digits = size > 0 && size < 0.1 ? 2 : 1;
  return `${points < 0 ? '−' : '+'}${size.toFixed(digits)}`;
}

/** "+2.4: “Turn on two-step verification” done for Chloe Davies (Google Workspace check)" */
export const changeLine = (c: ScoreChange) => `${formatPoints(c.points)}: ${c.summary}`;

/** The changes of each day, latest first as the answer lists them. */
export function changesByDate(changes: readonly ScoreChange[]): Map<string, ScoreChange[]> {
  const byDate = new Map<string, ScoreChange[]>();
  for (const c of changes) byDate.set(c.date, [...(byDate.get(c.date) ?? []), c]);
  return byDate;
}

/** A day's changes in one sentence: what the chart's point for that day says. */
export function dayChangesLabel(date: string, changes: readonly ScoreChange[]): string {
  const shown = changes.slice(0, 3).map(changeLine).join('; ');
  const more = changes.length > 3 ? `; and ${changes.length - 3} more` : '';
  return `${dayLabel(date)}: ${shown}${more}`;
}
