// The SSRF guard: every socket the scanner opens is dialled through `guardedLookup`, which
// checks each resolved address at connect time and hands exactly the checked address to the
// socket, so a DNS answer that changes between look-ups (rebinding) cannot slip through.
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Returns why an address may not be reached, or null when it may. */
export type AddressPolicy = (address: string) => string | null;

type Range = [network: string, prefix: number];

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const V4_RANGES: Record<string, Range[]> = {
  'a "this network" address': [['0.0.0.0', 8]],
  'a private address': [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ],
  'a shared (carrier-grade NAT) address': [['100.64.0.0', 10]],
  'a loopback address': [['127.0.0.0', 8]],
  'a link-local address': [['169.254.0.0', 16]],
  'a reserved address': [
    ['192.0.0.0', 24],
    ['192.31.196.0', 24],
    ['192.52.193.0', 24],
    ['192.88.99.0', 24],
    ['192.175.48.0', 24],
    ['198.18.0.0', 15],
    ['240.0.0.0', 4],
  ],
  'a documentation address': [
    ['192.0.2.0', 24],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
  ],
  'a multicast address': [['224.0.0.0', 4]],
};

/**
 * Inside 2000::/3 (the only global unicast IPv6 block), these are not public. Everything outside
 * 2000::/3 is refused outright: `::`, `::1`, IPv4-compatible, NAT64 (64:ff9b::/96, which could
 * embed a private IPv4 address), discard, unique-local, link-local and multicast addresses.
 */
const V6_RANGES: Record<string, Range[]> = {
  'a reserved address': [
    ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID…
    ['2002::', 16], // 6to4, which embeds an IPv4 address
  ],
  'a documentation address': [
    ['2001:db8::', 32],
    ['3fff::', 20],
  ],
};

const V6_NAMES: Record<string, Range[]> = {
  'an unspecified address': [['::', 128]],
  'a loopback address': [['::1', 128]],
  'a private (unique-local) address': [['fc00::', 7]],
  'a link-local address': [['fe80::', 10]],
  'a multicast address': [['ff00::', 8]],
  'a NAT64 address': [['64:ff9b::', 96]],
};

const listOf = (ranges: Range[], family: 'ipv4' | 'ipv6') => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
};
const labelled = (table: Record<string, Range[]>, family: 'ipv4' | 'ipv6') =>
  Object.entries(table).map(([label, ranges]) => ({ label, list: listOf(ranges, family) }));

const v4Blocked = labelled(V4_RANGES, 'ipv4');
const v6Blocked = labelled(V6_RANGES, 'ipv6');
const v6Named = labelled(V6_NAMES, 'ipv6');
const v6GlobalUnicast = listOf([['2000::', 3]], 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (zone index dropped, IPv4 tail folded in). */
export function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return parse(head);
  const before = parse(head);
  const after = parse(tail);
  return [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

/** `::ffff:a.b.c.d` (however written) as `a.b.c.d`; null for any other address. */
export function unwrapIpv4Mapped(address: string): string | null {
  if (isIP(address) !== 6) return null;
  const g = ipv6Groups(address);
  if (g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return null;
  const hi = g[6] ?? 0;
  const lo = g[7] ?? 0;
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** Why an address is not on the public internet, or null if it is. */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const mapped = unwrapIpv4Mapped(address);
  if (mapped) return nonPublicReason(mapped);
  if (family === 4) {
    return v4Blocked.find(({ list }) => list.check(address, 'ipv4'))?.label ?? null;
  }
  const named = v6Named.find(({ list }) => list.check(address, 'ipv6'));
  if (named) return named.label;
  if (!v6GlobalUnicast.check(address, 'ipv6')) return 'a reserved address';
  return v6Blocked.find(({ list }) => list.check(address, 'ipv6'))?.label ?? null;
}

/** The production policy: only public unicast addresses. */
export const publicOnly: AddressPolicy = (address) => {
  const reason = nonPublicReason(address);
  return reason ? `${address} is ${reason}` : null;
};

const testReachable = new Set([
  'a loopback address',
  'a private address',
  'a private (unique-local) address',
]);

/** For tests (`SCAN_ALLOW_PRIVATE`): loopback and private networks may be reached too. */
export const publicOrPrivate: AddressPolicy = (address) => {
  const reason = nonPublicReason(address);
  return reason && !testReachable.has(reason) ? `${address} is ${reason}` : null;
};

export class RefusedAddressError extends Error {
  readonly code = 'ERR_SCAN_REFUSED_ADDRESS';
  constructor(host: string, reason: string) {
    super(`refused to connect to ${host}: ${reason}`);
  }
}

/** Throws unless `host` is a name or an address the policy allows (Node skips `lookup` for IPs). */
export function assertTargetAllowed(host: string, policy: AddressPolicy): void {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0) return;
  const reason = policy(bare);
  if (reason) throw new RefusedAddressError(host, reason);
}

/**
 * A `lookup` for net, tls, http and https that resolves with the scanner's own resolver (so
 * tests can point it at a fixture DNS server) and refuses the connection if any address is one
 * the policy forbids. Node calls it once per connection and dials what it returns.
 */
export function guardedLookup(
  resolveAddresses: (host: string) => Promise<string[]>,
  policy: AddressPolicy,
): LookupFunction {
  return (hostname, options, callback) => {
    const all = typeof options === 'object' && options.all === true;
    const requested = typeof options === 'object' ? options.family : options;
    const wanted = requested === 'IPv4' ? 4 : requested === 'IPv6' ? 6 : (requested ?? 0);
    resolveAddresses(hostname).then(
      (found) => {
        for (const address of found) {
          const reason = policy(address);
          if (reason) return callback(new RefusedAddressError(hostname, reason), '', 0);
        }
        const usable = found.filter((a) => wanted === 0 || isIP(a) === wanted);
        const first = usable[0];
        if (!first) {
          const error = Object.assign(new Error(`no address found for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          return callback(error, '', 0);
        }
        if (all) {
          const list = usable.map((address) => ({ address, family: isIP(address) }));
          return (callback as (e: null, list: { address: string; family: number }[]) => void)(
            null,
            list,
          );
        }
        return callback(null, first, isIP(first));
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}
