import { describe, expect, it } from 'vitest';
import { toWinAnsi } from './win-ansi';

describe('toWinAnsi', () => {
  it('keeps what WinAnsi holds, typographic quotes and dashes included', () => {
    const text = 'Smith & Co’s “plan” – 5 € · café — naïve\nnext line';
    expect(toWinAnsi(text)).toBe(text);
  });

  it('composes accents written apart, and drops those WinAnsi lacks', () => {
    expect(toWinAnsi('cafe\u0301')).toBe('café');
    expect(toWinAnsi('Kraków Łódź Dvořák')).toBe('Kraków Lódz Dvorák');
  });

  it('folds compatibility forms and look-alikes', () => {
    expect(toWinAnsi('ﬁle Ａ1 non‑breaking − minus')).toBe('file A1 non-breaking - minus');
  });

  it('writes one question mark for each character it cannot show, however it is built', () => {
    expect(toWinAnsi('ok 😀 👨‍👩‍👧 🇬🇧 東京 Ωmega')).toBe('ok ? ? ? ?? ?mega');
  });

  it('drops control and invisible format characters', () => {
    expect(toWinAnsi('a\u0007b\u200bc\r\nd\te')).toBe('abc\nd e');
  });
});
