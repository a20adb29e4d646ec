import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format-currency';
import { formatDate } from './format-date';

describe('formatCurrency', () => {
  it('shows whole US dollars by default', () => {
    expect(formatCurrency(4_880_000, undefined, 'en-US')).toBe('$4,880,000');
    expect(formatCurrency(1234.56, undefined, 'en-US')).toBe('$1,235');
  });
  it('follows the locale and currency given', () => {
    expect(formatCurrency(4_880_000, 'EUR', 'de-DE')).toBe('4.880.000\u00a0€');
  });
});

describe('formatDate', () => {
  it('uses en-US with a short month by default', () => {
    expect(formatDate('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026');
  });
  it('takes other options', () => {
    expect(formatDate(new Date('2026-11-21T12:00:00Z'), { month: 'long' })).toBe(
      'November 21, 2026',
    );
  });
});
