import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format-currency';
import { formatDate } from './format-date';
import { formatDateTime, formatRelativeTime } from './format-relative-time';

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

describe('formatRelativeTime', () => {
  const now = new Date('2025-03-04T14:00:00Z');
  const ago = (ms: number) => formatRelativeTime(new Date(now.getTime() - ms), now);

  it('says how long ago in short words', () => {
    expect(ago(20_000)).toBe('just now');
    expect(ago(-60_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5 min ago');
    expect(ago(2 * 3600_000 + 59 * 60_000)).toBe('2 h ago');
    expect(ago(26 * 3600_000)).toBe('1 day ago');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
  });

  it('gives the date itself after a month', () => {
    expect(formatRelativeTime('2025-01-10T12:00:00Z', now)).toBe('on Jan 10, 2025');
  });

  it('has an exact form for tooltips', () => {
    expect(formatDateTime('2025-03-04T14:05:00Z')).toMatch(/^Mar 4, 2025, \d{1,2}:05 [AP]M$/);
  });
});
