import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  assertTargetAllowed,
  guardedLookup,
  nonPublicReason,
  publicOnly,
  publicOrPrivate,
  unwrapIpv4Mapped,
} from './guard';

describe('the production address policy', () => {
  it.each([
    // IPv4: every special-purpose range, at its first and last address where it matters
    ['0.0.0.0', 'this network'],
    ['0.255.255.255', 'this network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::a00:5', 'NAT64'],
    ['64:ff9b::8.8.8.8', 'NAT64'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'], // Teredo
    ['2002:7f00:1::1', 'reserved'], // 6to4 wrapping 127.0.0.1
    ['100::1', 'reserved'], // discard
    ['::7f00:1', 'reserved'], // IPv4-compatible
    ['fec0::1', 'reserved'], // old site-local, outside 2000::/3
    // IPv4-mapped IPv6 is judged by the IPv4 address inside, however it is written
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:a00:5', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0.0.0.0', 'this network'],
  ])('refuses %s (%s)', (address, label) => {
    expect(nonPublicReason(address)).toContain(label);
    expect(publicOnly(address)).toMatch(new RegExp(`^${address.replace(/[.]/g, '\\.')} is `));
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(publicOnly(address)).toBeNull();
  });

  it('refuses things that are not addresses', () => {
    expect(publicOnly('localhost')).toMatch(/not an IP address/);
  });

  it('reads IPv4-mapped addresses in every spelling', () => {
    expect(unwrapIpv4Mapped('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(unwrapIpv4Mapped('::FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(unwrapIpv4Mapped('0:0:0:0:0:ffff:0808:0808')).toBe('8.8.8.8');
    expect(unwrapIpv4Mapped('::1')).toBeNull();
    expect(unwrapIpv4Mapped('8.8.8.8')).toBeNull();
  });
});

describe('the test policy (SCAN_ALLOW_PRIVATE)', () => {
  it('lets loopback and private networks through, and nothing else', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '192.168.1.1',
      '::1',
      'fd00::1',
      '::ffff:7f00:1',
    ]) {
      expect(publicOrPrivate(address)).toBeNull();
    }
    for (const address of ['169.254.169.254', '0.0.0.0', '224.0.0.1', 'fe80::1', '100.64.0.1']) {
      expect(publicOrPrivate(address)).not.toBeNull();
    }
  });
});

describe('assertTargetAllowed', () => {
  it('refuses IP literals the policy forbids (Node skips lookup for them)', () => {
    expect(() => assertTargetAllowed('127.0.0.1', publicOnly)).toThrow(/loopback/);
    expect(() => assertTargetAllowed('[::1]', publicOnly)).toThrow(/loopback/);
    expect(() => assertTargetAllowed('[::ffff:a9fe:a9fe]', publicOnly)).toThrow(/link-local/);
    expect(() => assertTargetAllowed('8.8.8.8', publicOnly)).not.toThrow();
    expect(() => assertTargetAllowed('example.com', publicOnly)).not.toThrow();
  });
});

type Looked = { error: NodeJS.ErrnoException | null; addresses: LookupAddress[] | string };

function lookUp(
  lookup: ReturnType<typeof guardedLookup>,
  host: string,
  options: { all?: boolean; family?: number } = { all: true },
) {
  return new Promise<Looked>((resolve) => {
    lookup(host, options, (error, addresses) =>
      resolve({ error, addresses: addresses as LookupAddress[] | string }),
    );
  });
}

describe('guardedLookup', () => {
  it('hands over exactly the addresses it checked', async () => {
    const lookup = guardedLookup(async () => ['93.184.216.34', '2606:2800:220:1::1'], publicOnly);
    const all = await lookUp(lookup, 'example.com');
    expect(all.error).toBeNull();
    expect(all.addresses).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const one = await lookUp(lookup, 'example.com', { family: 6 });
    expect(one.addresses).toBe('2606:2800:220:1::1');
  });

  it.each([
    [['127.0.0.1'], /loopback/],
    [['10.0.0.5'], /private/],
    [['169.254.169.254'], /link-local/],
    [['::ffff:7f00:1'], /loopback/],
    [['93.184.216.34', '10.0.0.5'], /private/],
  ])('refuses a name that resolves to %j', async (answer, reason) => {
    const lookup = guardedLookup(async () => answer, publicOnly);
    const result = await lookUp(lookup, 'target.example.com');
    expect(result.error?.message).toMatch(reason);
    expect(result.error?.code).toBe('ERR_SCAN_REFUSED_ADDRESS');
  });

  it('checks the answer of every look-up, so a changed answer (rebinding) is refused', async () => {
    let asked = 0;
    const lookup = guardedLookup(async () => {
      asked += 1;
      return asked === 1 ? ['93.184.216.34'] : ['127.0.0.1'];
    }, publicOnly);
    expect((await lookUp(lookup, 'rebind.example.com')).error).toBeNull();
    expect((await lookUp(lookup, 'rebind.example.com')).error?.message).toMatch(
      /refused to connect to rebind\.example\.com: 127\.0\.0\.1 is a loopback address/,
    );
  });

  it('passes resolver failures on', async () => {
    const lookup = guardedLookup(async () => {
      throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
    }, publicOnly);
    expect((await lookUp(lookup, 'gone.example.com')).error?.code).toBe('ENOTFOUND');
  });
});
