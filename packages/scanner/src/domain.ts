import { parsePublicDomain } from '@castellan/contract';

export class ScanError extends Error {
  constructor(
    readonly code: 'invalid-domain' | 'domain-not-found' | 'dns-unavailable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The lower-case public host name to scan, or a `ScanError` saying what is wrong with the input.
 * `allowReserved` (tests only, with SCAN_ALLOW_PRIVATE) also accepts names such as `example.test`.
 */
export function normalizeDomain(input: string, options: { allowReserved?: boolean } = {}): string {
  const parsed = parsePublicDomain(input, options);
  if (!parsed.ok) throw new ScanError('invalid-domain', parsed.error);
  return parsed.domain;
}
