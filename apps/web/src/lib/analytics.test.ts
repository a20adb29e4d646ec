import { describe, expect, it } from 'vitest';
import { analyticsPath } from './analytics';

describe('the path analytics keep', () => {
  it('drops the token of a shared report’s and a practice message’s address', () => {
    expect(analyticsPath('/shared/Abc_-1234567890abcdefghijklmnopqrstuvwxyz0')).toBe(
      '/shared/:token',
    );
    expect(analyticsPath('/practice/Abc_-1234567890abcdefghijklmnopqrstuvwxyz0')).toBe(
      '/practice/:token',
    );
  });

  it('keeps every other path', () => {
    expect(analyticsPath('/tasks/enable-mfa:1')).toBe('/tasks/enable-mfa:1');
    expect(analyticsPath('/readiness')).toBe('/readiness');
  });
});
