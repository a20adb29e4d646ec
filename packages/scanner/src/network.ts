// What every probe needs to open a socket: the guarded lookup, the policy for IP literals, the
// ports to dial and the trust anchors. Built once per scan.
import type { LookupFunction } from 'node:net';
import type { ScanDns } from './dns-client';
import { type AddressPolicy, guardedLookup, publicOnly, publicOrPrivate } from './guard';
import type { ScannerOptions } from './options';

export type Network = {
  lookup: LookupFunction;
  policy: AddressPolicy;
  options: ScannerOptions;
};

export function createNetwork(options: ScannerOptions, dns: ScanDns): Network {
  const policy = options.allowPrivate ? publicOrPrivate : publicOnly;
  return { lookup: guardedLookup(dns.addressesForConnect, policy), policy, options };
}

/** A short, plain description of why a connection or request failed. */
export function describeNetworkError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ECONNRESET':
      return 'the connection was closed unexpectedly';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the server could not be reached';
    case 'ENOTFOUND':
      return e.message ?? 'the name has no address';
    default:
      return e.message ?? String(error);
  }
}

/** Rejects with a timeout error unless `work` settles first; `onTimeout` cleans up. */
export function withTimeout<T>(
  work: Promise<T>,
  ms: number,
  what: string,
  onTimeout?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(
        Object.assign(new Error(`${what} did not answer within ${ms / 1000} s`), {
          code: 'ETIMEDOUT',
        }),
      );
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
