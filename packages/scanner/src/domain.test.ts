import { describe, expect, it } from 'vitest';
import { normalizeDomain, ScanError } from './domain';

// The rules themselves are tested with the parser, in packages/contract/src/domain.test.ts.
describe('normalizeDomain', () => {
  it('gives the host name of what was typed', () => {
    expect(normalizeDomain('  https://www.Example.com/ ')).toBe('www.example.com');
  });

  it('throws a ScanError that says what is wrong', () => {
    expect(() => normalizeDomain('127.0.0.1')).toThrow(ScanError);
    expect(() => normalizeDomain('127.0.0.1')).toThrow(/not an IP address/);
    expect(() => normalizeDomain('example.test')).toThrow(/\.test are not public/);
  });

  it('accepts reserved test names only when asked to (SCAN_ALLOW_PRIVATE)', () => {
    expect(normalizeDomain('good.test', { allowReserved: true })).toBe('good.test');
    expect(() => normalizeDomain('127.0.0.1', { allowReserved: true })).toThrow(/IP address/);
  });
});
