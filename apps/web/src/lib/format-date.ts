/** The spec's date helper: en-US, numeric year and day, short month unless told otherwise. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = {},
  locale = 'en-US',
): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...options,
  }).format(date);
}
