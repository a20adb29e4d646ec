import type { Config } from '../../config';

/** Where the trust center tells how to report a vulnerability (its section's anchor). */
export const VULNERABILITY_SECTION = '/trust-center#report-a-vulnerability';

/** security.txt must expire within a year; it is written on each request, so it never goes stale. */
const VALID_FOR_DAYS = 180;

/** The app's `/.well-known/security.txt` (RFC 9116), as of `now`. */
export function securityTxt(config: Config, now = new Date()): string {
  const expires = new Date(now.getTime() + VALID_FOR_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: ${config.trustCenter.securityContact}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${config.publicUrl}/.well-known/security.txt`,
    `Policy: ${config.publicUrl}${VULNERABILITY_SECTION}`,
    '',
  ].join('\n');
}
