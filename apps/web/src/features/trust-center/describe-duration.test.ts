import { describe, expect, it } from 'vitest';
import { describeDuration } from './describe-duration';

describe('describeDuration', () => {
  it('says a session lifetime in its largest whole unit', () => {
    expect(describeDuration(24 * 60)).toBe('1 day');
    expect(describeDuration(7 * 24 * 60)).toBe('7 days');
    expect(describeDuration(120)).toBe('2 hours');
    expect(describeDuration(60)).toBe('1 hour');
    expect(describeDuration(90)).toBe('90 minutes');
    expect(describeDuration(1)).toBe('1 minute');
  });
});
