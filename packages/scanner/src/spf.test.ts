import { describe, expect, it } from 'vitest';
import type { DnsResult, ScanDns, TxtRecord } from './dns-client';
import { analyseSpf } from './spf';

/** A DNS stand-in: TXT records by name; every other look-up finds an address. */
function fakeDns(txt: Record<string, string[]>): ScanDns {
  const answer = (name: string): DnsResult<TxtRecord> =>
    txt[name]
      ? { kind: 'records', records: txt[name].map((text) => ({ text, chunks: [text] })) }
      : { kind: 'nxdomain' };
  const address = async (name: string) =>
    name.startsWith('void')
      ? { kind: 'nxdomain' as const }
      : { kind: 'records' as const, records: ['192.0.2.1'] };
  return {
    txt: async (name: string) => answer(name),
    a: address,
    mx: async (name: string) =>
      name.startsWith('void')
        ? { kind: 'nxdomain' as const }
        : { kind: 'records' as const, records: [{ exchange: `mx.${name}`, priority: 10 }] },
  } as unknown as ScanDns;
}

describe('analyseSpf', () => {
  it('counts look-ups through includes and redirects', async () => {
    const dns = fakeDns({
      'inc.example.com': ['v=spf1 a mx include:deeper.example.com -all'],
      'deeper.example.com': ['v=spf1 ip4:192.0.2.0/24 exists:%{i}.x.example.com -all'],
      'redirected.example.com': ['v=spf1 mx ~all'],
    });
    const spf = await analyseSpf(
      dns,
      'example.com',
      'v=spf1 ip4:198.51.100.1 ip6:2001:db8::/32 include:inc.example.com a:web.example.com/24 redirect=redirected.example.com',
    );
    // include, a, mx, include, exists, a:web, redirect, mx
    expect(spf.lookups).toBe(8);
    expect(spf.errors).toEqual([]);
    expect(spf.all).toBe('~');
  });

  it('counts look-ups that find nothing', async () => {
    const spf = await analyseSpf(
      fakeDns({}),
      'example.com',
      'v=spf1 a:void1.example.com mx:void2.example.com a:void3.example.com -all',
    );
    expect(spf.voidLookups).toBe(3);
  });

  it.each([
    ['v=spf1 ip4:203.0.113.7~all', /ip4 needs an IPv4 address/],
    ['v=spf1 -all -all', /"all" appears 2 times/],
    ['v=spf1 foo:bar -all', /unknown mechanism "foo"/],
    ['v=spf1 include -all', /include needs a domain/],
    ['v=spf1 ip6:2001:db8::/129 -all', /invalid prefix length/],
    ['v=spf1 include:missing.example.com -all', /that domain has no SPF record/],
    ['v=spf1 include:loop.example.com -all', /loops back/],
  ])('reports errors in %j', async (record, error) => {
    const dns = fakeDns({
      'loop.example.com': ['v=spf1 include:example.com -all'],
      'example.com': [record],
    });
    const spf = await analyseSpf(dns, 'example.com', record);
    expect(spf.errors.join('; ')).toMatch(error);
  });

  it('finds the qualifier of all, ptr and redirect beside all', async () => {
    const dns = fakeDns({ 'other.example.com': ['v=spf1 -all'] });
    expect((await analyseSpf(dns, 'example.com', 'v=spf1 +all')).all).toBe('+');
    expect((await analyseSpf(dns, 'example.com', 'v=spf1 all')).all).toBe('+');
    expect((await analyseSpf(dns, 'example.com', 'v=spf1 mx')).all).toBeNull();
    expect((await analyseSpf(dns, 'example.com', 'v=spf1 ptr ?all')).usesPtr).toBe(true);
    const both = await analyseSpf(dns, 'example.com', 'v=spf1 ~all redirect=other.example.com');
    expect(both.all).toBe('~');
    expect(both.lookups).toBe(0);
    expect(both.warnings.join()).toMatch(/redirect" is ignored/);
  });
});
