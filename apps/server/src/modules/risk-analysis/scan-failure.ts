import { ScanError } from '@castellan/scanner';

/** What a scan shows when it failed for a reason of ours, not of the domain's. */
export const INTERNAL_FAILURE =
  'The analysis could not be completed because of a problem on our side. Please try again later.';

/** What a scan shows when it was lost with no run left to finish it. */
export const INTERRUPTED = 'The scan was interrupted. Please start it again.';

/**
 * The plain message a failed scan shows, one fixed text per kind of failure. The error itself
 * (resolver codes, addresses, internal messages) goes to the log only.
 */
export function scanFailureMessage(error: unknown, domain: string): string {
  if (!(error instanceof ScanError)) return INTERNAL_FAILURE;
  switch (error.code) {
    case 'domain-not-found':
      return `${domain} does not exist: there is no such name in DNS.`;
    case 'dns-unavailable':
      return `The DNS servers of ${domain} could not be reached. Please try again later.`;
    case 'invalid-domain':
      return 'This is not a public domain name that can be analysed.';
  }
}
