import { GRADES } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { BADGE_MAX_AGE_DAYS, renderBadge } from './badge';

const DAY_MS = 86_400_000;
const domain = 'brightwave.example';
const scannedAt = new Date('2026-11-28T09:30:00Z');
const now = new Date('2026-11-29T12:00:00Z');

const ENTITY = /&(?:amp|lt|gt|quot|apos);/g;
const TAG = /^<(\/)?([A-Za-z][\w:-]*)((?:\s+[A-Za-z][\w:-]*="[^"<&]*")*)\s*(\/)?>$/;

/** A light well-formedness check: strict tags, balanced, one root, escaped text and attributes. */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let at = 0;
  const checkText = (text: string) => {
    const bare = text.replace(ENTITY, '');
    if (/[<>&]/.test(bare)) problems.push(`unescaped text: ${text}`);
    if (stack.length === 0 && text.trim() !== '') problems.push(`text outside the root: ${text}`);
  };
  for (const match of xml.matchAll(/<[^<>]*>/g)) {
    checkText(xml.slice(at, match.index));
    at = match.index + match[0].length;
    const tag = TAG.exec(match[0].replace(ENTITY, ''));
    if (!tag) {
      problems.push(`malformed tag: ${match[0]}`);
      continue;
    }
    const [, closing, name = '', , selfClosing] = tag;
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
      continue;
    }
    if (stack.length === 0) roots += 1;
    if (!selfClosing) stack.push(name);
  }
  checkText(xml.slice(at));
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

const attribute = (xml: string, element: string, name: string, index = 0): string | undefined =>
  [...xml.matchAll(new RegExp(`<${element}\\b[^>]*\\s${name}="([^"]*)"`, 'g'))][index]?.[1];
const texts = (xml: string) => [...xml.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
const title = (xml: string) => /<title>([^<]*)<\/title>/.exec(xml)?.[1];
// The second path is the right-hand part, which carries the grade's colour.
const valueColours = (xml: string) => ({
  background: attribute(xml, 'path', 'fill', 1),
  text: attribute(xml, 'text', 'fill', 1),
});

function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the public badge', () => {
  it('shows the grade and the date of the last scan', () => {
    const svg = renderBadge({ domain, grade: 'A', scannedAt, now });
    expect(texts(svg)).toEqual(['security', 'A · 28 Nov 2026']);
    expect(title(svg)).toBe('brightwave.example: security grade A, checked 28 Nov 2026');
    expect(attribute(svg, 'svg', 'aria-label')).toBe(title(svg));
  });

  it(`still shows a grade ${BADGE_MAX_AGE_DAYS} days old, and none a moment older`, () => {
    const limit = new Date(scannedAt.getTime() + BADGE_MAX_AGE_DAYS * DAY_MS);
    expect(texts(renderBadge({ domain, grade: 'B', scannedAt, now: limit }))[1]).toBe(
      'B · 28 Nov 2026',
    );

    const later = new Date(limit.getTime() + 1);
    const stale = renderBadge({ domain, grade: 'B', scannedAt, now: later });
    expect(texts(stale)).toEqual(['security', 'not checked recently']);
    expect(title(stale)).toBe('brightwave.example: security not checked recently');
    expect(stale).not.toMatch(/grade|B ·|Nov/);
  });

  it('says "not checked recently" without a scan or without a grade', () => {
    for (const input of [
      { grade: null, scannedAt: null },
      { grade: 'C' as const, scannedAt: null },
      { grade: null, scannedAt },
      { grade: 'A' as const, scannedAt: new Date('not a date') },
    ]) {
      const svg = renderBadge({ domain, now, ...input });
      expect(texts(svg)).toEqual(['security', 'not checked recently']);
      expect(svg).not.toContain('grade');
    }
  });

  it('escapes the domain and drops what XML cannot hold', () => {
    const hostile = `evil.example"/><script>alert('x')</script><a href="//x">&amp;\u0001\uD800`;
    const svg = renderBadge({ domain: hostile, grade: 'A', scannedAt, now });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).not.toMatch(/<script|<a\b/);
    expect(svg).not.toContain('\u0001');
    expect(svg).not.toContain('\uD800');
    expect(title(svg)).toBe(
      'evil.example&quot;/&gt;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;' +
        '&lt;a href=&quot;//x&quot;&gt;&amp;amp;: security grade A, checked 28 Nov 2026',
    );
  });

  it('is a well-formed standalone SVG that loads and runs nothing', () => {
    const inputs = [
      ...GRADES.map((grade) => ({ domain, grade, scannedAt, now })),
      { domain, grade: null, scannedAt: null, now },
    ];
    for (const input of inputs) {
      const svg = renderBadge(input);
      expect(xmlProblems(svg)).toEqual([]);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
      expect(attribute(svg, 'svg', 'role')).toBe('img');
      const width = attribute(svg, 'svg', 'width');
      expect(attribute(svg, 'svg', 'height')).toBe('20');
      expect(attribute(svg, 'svg', 'viewBox')).toBe(`0 0 ${width} 20`);
      // The accessible name comes first, as assistive technology expects.
      expect(svg.split('\n')[1]).toMatch(/^<title>/);
      expect(attribute(svg, 'g', 'font-family')).toMatch(/sans-serif$/);
      expect(svg).not.toMatch(/script|href|url\(|@import|<image|<foreignObject|<style|\son\w+=/i);
    }
  });

  it('is sized to its text', () => {
    const graded = renderBadge({ domain, grade: 'A', scannedAt, now });
    const unchecked = renderBadge({ domain, grade: null, scannedAt: null, now });
    const widthOf = (svg: string) => Number(attribute(svg, 'svg', 'width'));
    expect(widthOf(graded)).toBeGreaterThan(80);
    expect(widthOf(unchecked)).toBeGreaterThan(widthOf(graded));
    for (const svg of [graded, unchecked]) {
      const labelText = Number(attribute(svg, 'text', 'textLength', 0));
      const valueText = Number(attribute(svg, 'text', 'textLength', 1));
      // Each text fits its part with room on both sides, and the parts fill the badge.
      expect(labelText).toBeGreaterThan(40);
      expect(valueText).toBeGreaterThan(40);
      const labelPart = Number(attribute(svg, 'text', 'x', 0)) * 2;
      expect(labelPart).toBeGreaterThanOrEqual(labelText + 10);
      expect(widthOf(svg) - labelPart).toBeGreaterThanOrEqual(valueText + 10);
    }
  });

  it('colours the grade by band, each with text contrast of at least 4.5:1', () => {
    const colours = Object.fromEntries(
      GRADES.map((grade) => [grade, valueColours(renderBadge({ domain, grade, scannedAt, now }))]),
    );
    const unchecked = valueColours(renderBadge({ domain, grade: null, scannedAt: null, now }));
    expect(colours.B).toEqual(colours.A);
    expect(colours.E).toEqual(colours.D);
    expect(colours.F).toEqual(colours.D);
    const bands = [colours.A, colours.C, colours.D, unchecked].map((c) => c?.background);
    expect(new Set(bands).size).toBe(4);

    const label = renderBadge({ domain, grade: 'A', scannedAt, now });
    const pairs = [
      {
        background: attribute(label, 'path', 'fill', 0),
        text: attribute(label, 'text', 'fill', 0),
      },
      ...Object.values(colours),
      unchecked,
    ];
    for (const { background = '', text = '' } of pairs) {
      expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives the same output for the same input', () => {
    const input = { domain, grade: 'D' as const, scannedAt, now };
    const svg = renderBadge(input);
    expect(renderBadge({ ...input })).toBe(svg);
    // Time only matters through the scan's age: a day later the badge is byte for byte the same.
    expect(renderBadge({ ...input, now: new Date(now.getTime() + DAY_MS) })).toBe(svg);
  });
});
