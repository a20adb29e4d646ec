/** A score (0–100, one decimal) in the browser's locale: "72.5", "80", "0". */
export function formatScore(score: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(score);
}
