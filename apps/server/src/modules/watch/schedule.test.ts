import { describe, expect, it } from 'vitest';
import { firstDue, nextDue } from './schedule';

const at = (iso: string) => new Date(iso);

describe('the watch schedule', () => {
  it('keeps a name at its minute, one period after the scan that was due', () => {
    const due = at('2026-12-01T04:17:00Z');
    expect(nextDue(due, 'daily', at('2026-12-01T04:20:00Z'))).toEqual(at('2026-12-02T04:17:00Z'));
    expect(nextDue(due, 'weekly', at('2026-12-01T04:20:00Z'))).toEqual(at('2026-12-08T04:17:00Z'));
  });

  it('moves a name left behind to its next minute after now, not to the scans it missed', () => {
    const due = at('2026-11-20T04:17:00Z');
    expect(nextDue(due, 'daily', at('2026-12-01T09:00:00Z'))).toEqual(at('2026-12-02T04:17:00Z'));
    expect(nextDue(due, 'daily', at('2026-12-01T04:17:00Z'))).toEqual(at('2026-12-02T04:17:00Z'));
  });

  it('spreads new names over the day by their ids', () => {
    const now = at('2026-12-01T00:00:00Z');
    const hours = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const first = firstDue(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, now);
      expect(first.getTime()).toBeGreaterThan(now.getTime());
      expect(first.getTime() - now.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
      hours.add(first.getUTCHours());
    }
    expect(hours.size).toBe(24);
  });
});
