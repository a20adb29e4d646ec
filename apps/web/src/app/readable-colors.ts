import { darken, luminance, toRgba } from '@mantine/core';

/** WCAG 2.x AA: the least contrast for normal-size text. */
export const TEXT_CONTRAST = 4.5;

/** The WCAG contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** The opaque colour seen where `color` is laid at `opacity` over `surface`. */
export function blend(color: string, opacity: number, surface: string): string {
  const top = toRgba(color);
  const bottom = toRgba(surface);
  const mix = (a: number, b: number) => Math.round(a * opacity + b * (1 - opacity));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/** `color`, darkened in small steps until text in it reads at `ratio` on `background`. */
export function readableOn(color: string, background: string, ratio = TEXT_CONTRAST): string {
  let readable = color;
  for (
    let amount = 0.05;
    contrastRatio(readable, background) < ratio && amount <= 1;
    amount += 0.05
  ) {
    readable = darken(color, amount);
  }
  return readable;
}
