import type { OrganizationAnalysisResponse } from '@castellan/contract';

type HistoryEntry = OrganizationAnalysisResponse['history'][number];
export type ScoredEntry = HistoryEntry & { score: number };

/** The finished scans that have a score, oldest first (the server's order). */
export const scoredHistory = (history: HistoryEntry[]): ScoredEntry[] =>
  history.filter((h): h is ScoredEntry => h.score !== null);

/**
 * The SVG polyline points of a sparkline of scores (0–100) in a width × height box: evenly
 * spaced, 100 at the top. One score gives a flat line across.
 */
export function sparklinePoints(scores: number[], width: number, height: number): string {
  if (scores.length === 0) return '';
  const values = scores.length === 1 ? [scores[0] ?? 0, scores[0] ?? 0] : scores;
  const step = width / (values.length - 1);
  const y = (score: number) => height - (Math.min(Math.max(score, 0), 100) / 100) * height;
  return values.map((s, i) => `${round(i * step)},${round(y(s))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;
