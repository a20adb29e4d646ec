// Estimates how wide a line of badge text renders, so the badge can be sized to its text without
// a font file or a canvas. The advances approximate Verdana (the badge's first font) in 1/2048 em;
// the SVG also pins each text to this width (textLength), so a fallback font cannot overflow.

const UNITS_PER_EM = 2048;

// Wider than most glyphs: an unlisted character makes the badge a little roomy, never cramped.
const UNLISTED = 1400;

const ADVANCES: Record<string, number> = {
  ' ': 720,
  '.': 745,
  ',': 745,
  ':': 837,
  '-': 856,
  '·': 745,
  '(': 928,
  ')': 928,
  a: 1229,
  b: 1276,
  c: 1067,
  d: 1276,
  e: 1220,
  f: 720,
  g: 1276,
  h: 1296,
  i: 561,
  j: 676,
  k: 1198,
  l: 561,
  m: 1992,
  n: 1296,
  o: 1243,
  p: 1276,
  q: 1276,
  r: 874,
  s: 1067,
  t: 807,
  u: 1296,
  v: 1198,
  w: 1659,
  x: 1198,
  y: 1198,
  z: 1051,
  A: 1401,
  B: 1405,
  C: 1430,
  D: 1577,
  E: 1294,
  F: 1178,
  G: 1587,
  H: 1540,
  I: 862,
  J: 927,
  K: 1415,
  L: 1155,
  M: 1722,
  N: 1532,
  O: 1612,
  P: 1243,
  Q: 1612,
  R: 1425,
  S: 1397,
  T: 1243,
  U: 1509,
  V: 1401,
  W: 2025,
  X: 1403,
  Y: 1243,
  Z: 1399,
};
const DIGIT = 1303;

/** The estimated width in pixels of `text` set at `fontSize` pixels. */
export function textWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const char of text) {
    units += ADVANCES[char] ?? (char >= '0' && char <= '9' ? DIGIT : UNLISTED);
  }
  return (units / UNITS_PER_EM) * fontSize;
}
