// CSV as spreadsheets read it (RFC 4180, CRLF between records). A cell a spreadsheet would take
// for a formula (=, +, -, @, and the tab and carriage return OWASP adds) gets a leading
// apostrophe: app names come from outside, and a name like `=HYPERLINK(…)` must stay text.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, neutralised and quoted when it needs to be. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header and rows, with a byte-order mark so Excel reads it as UTF-8. */
export function csvFile(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
