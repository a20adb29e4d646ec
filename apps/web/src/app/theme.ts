import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineTheme,
  rem,
} from '@mantine/core';
import { blend, readableOn, TEXT_CONTRAST } from './readable-colors';

const FONT = "'Inter Variable', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** The shade that fills buttons and badges: blue 8 carries white text at 5:1 (shade 6: 3.6:1). */
const FILLED_SHADE = 8;

/**
 * The lightest-but-one surface text sits on (page and table backgrounds); colours that read on
 * it also read on white.
 */
const SURFACE = DEFAULT_THEME.colors.gray[0];

/** No badge's text is smaller than this (Mantine's md badge; its xs and sm are 9 and 10 px). */
export const BADGE_MIN_FONT_PX = 11;

/** The small badges, raised to a readable size, each a little taller for it. */
const SMALL_BADGES: Record<string, { '--badge-fz': string; '--badge-height': string }> = {
  xs: { '--badge-fz': rem(BADGE_MIN_FONT_PX), '--badge-height': rem(18) },
  sm: { '--badge-fz': rem(12), '--badge-height': rem(20) },
};

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: FILLED_SHADE,
  // Filled components take dark text where white would fall below 4.5:1 (green, yellow, …):
  // white on a colour of luminance L has a contrast of 1.05 / (L + 0.05).
  autoContrast: true,
  luminanceThreshold: 1.05 / TEXT_CONTRAST - 0.05,
  defaultRadius: 'md',
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  components: {
    // The menu focuses its first item on opening, as a menu button should, instead of an
    // unnamed placeholder that the menu role does not allow. A plain object, not Menu.extend():
    // importing Menu here would put it and its floating-ui in every page's first chunk.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Badges in sentence case and at 11 px or more: small capitals are hard to read.
    Badge: {
      vars: (_theme: MantineTheme, props: { size?: unknown }) => ({
        root: typeof props.size === 'string' ? (SMALL_BADGES[props.size] ?? {}) : {},
      }),
      styles: { root: { textTransform: 'none', letterSpacing: 0 } },
    },
  },
});

/** The text colours of one palette colour, each darkened until it reads at 4.5:1. */
function textColors(theme: MantineTheme, name: string): Record<string, string> {
  const filled = theme.colors[name]?.[FILLED_SHADE];
  if (!filled) return {};
  const lightBackground = blend(filled, 0.1, SURFACE);
  return {
    [`--mantine-color-${name}-text`]: readableOn(filled, SURFACE),
    [`--mantine-color-${name}-outline`]: readableOn(filled, SURFACE),
    [`--mantine-color-${name}-light-color`]: readableOn(filled, lightBackground),
  };
}

/**
 * Mantine's light scheme writes coloured and dimmed text in shade 6 of each palette, which
 * reads at 2–4:1; this keeps the hues and darkens them just enough for WCAG AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: Object.assign(
    { '--mantine-color-dimmed': readableOn(theme.colors.gray[6], SURFACE) },
    ...Object.keys(theme.colors).map((name) => textColors(theme, name)),
  ),
  dark: {},
});
