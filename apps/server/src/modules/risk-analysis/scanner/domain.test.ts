import { publicDomain } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { normalizeDomain, ScanError } from './domain';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM.  ', 'example.com'],
    ['https://www.Example.com/', 'www.example.com'],
    ['http://example.co.uk', 'example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['sub.xn--bcher-kva.de', 'sub.xn--bcher-kva.de'],
  ])('turns %j into %j', (input, domain) => {
    expect(normalizeDomain(input)).toBe(domain);
    expect(publicDomain.parse(input)).toBe(domain);
  });

  it.each([
    ['', /Enter a domain/],
    ['localhost', /full domain name/],
    ['intranet', /full domain name/],
    ['127.0.0.1', /not an IP address/],
    ['[::1]', /not an IP address/],
    ['::1', /not an IP address/],
    ['0x7f.1', /not a valid domain/],
    ['example.com:8080', /without a port/],
    ['https://example.com/admin', /without a path/],
    ['user@example.com', /without a port, path, user name/],
    ['exa mple.com', /without a port, path, user name or spaces/],
    ['-bad.example.com', /not a valid domain/],
    ['example.123', /not a valid domain/],
    [`${'a'.repeat(64)}.com`, /not a valid domain/],
    [`${'a.'.repeat(130)}com`, /too long/],
    ['printer.local', /\.local are not public/],
    ['example.test', /\.test are not public/],
    ['foo.localhost', /\.localhost are not public/],
    ['hidden.onion', /\.onion are not public/],
    ['1.0.0.127.in-addr.arpa', /\.arpa are not public/],
    ['server.internal', /\.internal are not public/],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeDomain(input)).toThrow(ScanError);
    expect(() => normalizeDomain(input)).toThrow(message);
    expect(publicDomain.safeParse(input).error?.issues[0]?.message).toMatch(message);
  });

  it('accepts reserved test names only when asked to (SCAN_ALLOW_PRIVATE)', () => {
    expect(normalizeDomain('good.test', { allowReserved: true })).toBe('good.test');
    expect(() => normalizeDomain('127.0.0.1', { allowReserved: true })).toThrow(/IP address/);
  });
});
