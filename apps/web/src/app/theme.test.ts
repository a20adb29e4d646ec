import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { blend, contrastRatio, readableOn, TEXT_CONTRAST } from './readable-colors';
import { BADGE_MIN_FONT_PX, cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(full).light;
const surfaces = [full.white, full.colors.gray[0]];

describe('readable colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('darkens a colour only as far as it must', () => {
    expect(readableOn('#1864ab', '#ffffff')).toBe('#1864ab');
    const yellow = readableOn('#fab005', '#ffffff');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(yellow, '#ffffff')).toBeLessThan(5.5);
  });
});

describe('the theme', () => {
  it('writes dimmed text that reads at 4.5:1 on white and light gray', () => {
    const dimmed = light['--mantine-color-dimmed'] ?? '';
    for (const surface of surfaces) {
      expect(contrastRatio(dimmed, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  for (const name of Object.keys(full.colors)) {
    it(`writes ${name} text, outline and light-variant text at 4.5:1`, () => {
      const filled = full.colors[name]?.[8] ?? '';
      for (const surface of surfaces) {
        const text = light[`--mantine-color-${name}-text`] ?? '';
        const outline = light[`--mantine-color-${name}-outline`] ?? '';
        const lightColor = light[`--mantine-color-${name}-light-color`] ?? '';
        expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(outline, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(lightColor, blend(filled, 0.1, surface))).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
      }
    });

    it(`puts ${name} filled components' text in black or white at 4.5:1`, () => {
      const filled = full.colors[name]?.[full.primaryShade as number] ?? '';
      // What Mantine's autoContrast picks with the theme's threshold.
      const text = isLightColor(filled, full.luminanceThreshold) ? full.black : full.white;
      expect(contrastRatio(text, filled)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    });
  }
});

describe('badges', () => {
  const px = (value: string | undefined) => {
    const match = /calc\(([\d.]+)rem/.exec(value ?? '') ?? /^([\d.]+)rem$/.exec(value ?? '');
    return match ? Number(match[1]) * 16 : Number.NaN;
  };

  for (const size of ['xs', 'sm']) {
    it(`writes ${size} badges at ${BADGE_MIN_FONT_PX} px or more, in a badge tall enough`, () => {
      const vars = full.components.Badge?.vars?.(full, { size }, {}) as {
        root: Record<string, string>;
      };
      const font = px(vars.root['--badge-fz']);
      expect(font).toBeGreaterThanOrEqual(BADGE_MIN_FONT_PX);
      expect(px(vars.root['--badge-height'])).toBeGreaterThanOrEqual(font + 6);
    });
  }

  it('leaves the larger sizes, 11 px and up already, as Mantine has them', () => {
    const vars = full.components.Badge?.vars?.(full, { size: 'md' }, {}) as {
      root: Record<string, string>;
    };
    expect(vars.root).toEqual({});
  });
});
