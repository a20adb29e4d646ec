/** A score (0–100, one decimal) in the browser's locale: "72.5", "80", "0". */
export function formatScore(score: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(score);
}

/** Points earned of those possible: "5.3 of 16 points", "1 of 1 point". */
export function formatPoints(earned: number, possible: number, locale?: string): string {
  return `${formatScore(earned, locale)} of ${formatScore(possible, locale)} ${possible === 1 ? 'point' : 'points'}`;
}
