// PDF's built-in Helvetica shows only the WinAnsi characters, and pdfkit writes any other one as
// a wrong glyph: text for it is brought into that set first.

/** WinAnsi's characters beyond Latin-1 (its 0x80–0x9F row). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Look-alikes that Unicode's compatibility forms do not fold to WinAnsi. */
const LOOK_ALIKES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2192': '->',
  '\u2190': '<-',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    char === '\n' ||
    (code >= 0x20 && code < 0x7f) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
}

const allWinAnsi = (text: string) => [...text].every(isWinAnsi);
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** One visible character as WinAnsi: itself, its accent-less or compatibility form, or '?'. */
function toWinAnsiGrapheme(grapheme: string): string {
  const composed = grapheme.normalize('NFC');
  if (allWinAnsi(composed)) return composed;
  const lookAlike = LOOK_ALIKES[composed];
  if (lookAlike !== undefined) return lookAlike;
  if (composed === '\r\n' || composed === '\r') return '\n';
  if (/^[\p{Cc}\p{Cf}]+$/u.test(composed)) return composed === '\t' ? ' ' : '';
  const folded = composed.normalize('NFKD').replace(/\p{M}/gu, '');
  return folded !== '' && allWinAnsi(folded) ? folded : '?';
}

/** The text with every character Helvetica cannot show replaced; "Łódź 😀 東京" → "Lódz ? ??". */
export function toWinAnsi(text: string): string {
  if (allWinAnsi(text)) return text;
  let out = '';
  for (const { segment } of graphemes.segment(text)) out += toWinAnsiGrapheme(segment);
  return out;
}
