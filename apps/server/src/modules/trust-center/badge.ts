// The public badge: a small standalone SVG with a domain's grade and the date of its last scan,
// for an organisation to embed on its website. It never shows a grade older than
// BADGE_MAX_AGE_DAYS: an old grade would vouch for a state nobody has checked since.
import type { Grade } from '@castellan/contract';
import { textWidth } from './badge-text-width';

export const BADGE_MAX_AGE_DAYS = 7;

export type BadgeInput = {
  domain: string;
  grade: Grade | null;
  scannedAt: Date | null;
  now: Date;
};

const DAY_MS = 86_400_000;
const HEIGHT = 20;
const RADIUS = 3;
const PADDING = 6;
const FONT_SIZE = 11;
const BASELINE = 14;
const FONT_FAMILY = "Verdana, 'DejaVu Sans', sans-serif";
const LABEL = 'security';
const NOT_RECENT = 'not checked recently';

// Every pair has a contrast ratio of at least 4.5:1 (WCAG AA for normal text).
type Colours = { background: string; text: string };
const LABEL_COLOURS: Colours = { background: '#3f464d', text: '#ffffff' };
const GOOD: Colours = { background: '#1d7a3a', text: '#ffffff' };
const FAIR: Colours = { background: '#f2b72c', text: '#1a1b1e' };
const POOR: Colours = { background: '#b42318', text: '#ffffff' };
const UNCHECKED: Colours = { background: '#626b74', text: '#ffffff' };

const GRADE_COLOURS: Record<Grade, Colours> = {
  A: GOOD,
  B: GOOD,
  C: FAIR,
  D: POOR,
  E: POOR,
  F: POOR,
};

// Written out rather than left to Intl: ICU versions disagree on some short months ('Sep', 'Sept').
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A scan's date as the badge shows it, in UTC: "28 Nov 2026". */
function formatBadgeDate(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

// Beyond escaping, drops what XML 1.0 cannot hold at all (control characters, lone surrogates),
// which a character reference would not make valid either.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

type Status = { text: string; colours: Colours; title: string };

function badgeStatus({ domain, grade, scannedAt, now }: BadgeInput): Status {
  const age = scannedAt ? now.getTime() - scannedAt.getTime() : Number.NaN;
  // NaN (no scan, or an invalid date) fails the comparison, as an old scan does.
  if (grade !== null && scannedAt !== null && age <= BADGE_MAX_AGE_DAYS * DAY_MS) {
    const date = formatBadgeDate(scannedAt);
    return {
      text: `${grade} · ${date}`,
      colours: GRADE_COLOURS[grade],
      title: `${domain}: security grade ${grade}, checked ${date}`,
    };
  }
  return { text: NOT_RECENT, colours: UNCHECKED, title: `${domain}: security ${NOT_RECENT}` };
}

type Part = { x: number; width: number; textWidth: number; text: string; colours: Colours };

function part(x: number, text: string, colours: Colours): Part {
  const estimate = Math.round(textWidth(text, FONT_SIZE) * 10) / 10;
  return { x, width: Math.ceil(estimate) + 2 * PADDING, textWidth: estimate, text, colours };
}

function partText({ x, width, textWidth, text, colours }: Part): string {
  // textLength holds the text to the estimated width whichever font the viewer has.
  return (
    `<text x="${x + width / 2}" y="${BASELINE}" fill="${colours.text}" ` +
    `textLength="${textWidth}" lengthAdjust="spacingAndGlyphs">${escapeXml(text)}</text>`
  );
}

/** The badge as a standalone SVG document: no scripts, no fonts or images fetched. */
export function renderBadge(input: BadgeInput): string {
  const status = badgeStatus(input);
  const label = part(0, LABEL, LABEL_COLOURS);
  const value = part(label.width, status.text, status.colours);
  const width = label.width + value.width;
  const title = escapeXml(status.title);
  const r = RADIUS;
  // Two paths, each rounded on its outer side, so no clip path (and no id) is needed.
  const labelPath =
    `M${r} 0H${label.width}V${HEIGHT}H${r}A${r} ${r} 0 0 1 0 ${HEIGHT - r}` +
    `V${r}A${r} ${r} 0 0 1 ${r} 0Z`;
  const valuePath =
    `M${value.x} 0H${width - r}A${r} ${r} 0 0 1 ${width} ${r}V${HEIGHT - r}` +
    `A${r} ${r} 0 0 1 ${width - r} ${HEIGHT}H${value.x}Z`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" ` +
      `viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<path fill="${label.colours.background}" d="${labelPath}"/>`,
    `<path fill="${value.colours.background}" d="${valuePath}"/>`,
    `<g font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}" text-anchor="middle">`,
    partText(label),
    partText(value),
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
