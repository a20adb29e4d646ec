import type { ScoreResponse } from '@castellan/contract';
import { formatDate } from '../../lib/format-date';
import { formatScore } from './score-format';

export type HistoryPoint = ScoreResponse['history'][number];
export type ChartBox = { width: number; height: number; padX: number; padY: number };
export type ChartPoint = HistoryPoint & { x: number; y: number };

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);

/**
 * Places each day's score in the box: x by date (so missing days leave gaps), y from 0 at the
 * bottom to 100 at the top. A single point sits in the middle.
 */
export function chartPoints(history: readonly HistoryPoint[], box: ChartBox): ChartPoint[] {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return [];
  const span = dayNumber(last.date) - dayNumber(first.date);
  const innerWidth = box.width - 2 * box.padX;
  const innerHeight = box.height - 2 * box.padY;
  return history.map((point) => {
    const clamped = Math.min(100, Math.max(0, point.score));
    return {
      ...point,
      x:
        span === 0
          ? box.width / 2
          : box.padX + ((dayNumber(point.date) - dayNumber(first.date)) / span) * innerWidth,
      y: box.padY + (1 - clamped / 100) * innerHeight,
    };
  });
}

/** The SVG path through the points. */
export const linePath = (points: readonly Pick<ChartPoint, 'x' | 'y'>[]) =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

/** A day as the app shows dates (UTC, so the day does not shift with the time zone). */
export const dayLabel = (date: string) => formatDate(`${date}T00:00:00Z`, { timeZone: 'UTC' });

/** What the chart shows, in words: its accessible name. */
export function trendSummary(history: readonly HistoryPoint[]): string {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return 'Cyber score trend: no scores recorded yet.';
  if (history.length === 1) {
    return `Cyber score trend: ${formatScore(last.score)} on ${dayLabel(last.date)}, the first day recorded.`;
  }
  // Scores carry one decimal; round the difference so float noise (0.59999…) does not show.
  const change = Math.round((last.score - first.score) * 10) / 10;
  const size = Math.abs(change);
  const direction =
    change === 0
      ? 'unchanged'
      : `${change > 0 ? 'up' : 'down'} ${formatScore(size)} point${size === 1 ? '' : 's'}`;
  return `Cyber score trend: ${formatScore(first.score)} on ${dayLabel(first.date)}, ${formatScore(last.score)} on ${dayLabel(last.date)}, ${direction}.`;
}
