import type { ReportShare } from '@castellan/contract';
import { SHARE_MAX_DAYS } from '@castellan/contract/assurance-rules';

export type ShareStatus = 'Active' | 'Expired' | 'Revoked';

export const SHARE_STATUS_COLORS: Record<ShareStatus, string> = {
  Active: 'green',
  Expired: 'gray',
  Revoked: 'red',
};

/** Whether a share link still opens: revoked wins over expired, as the server refuses it first. */
export function shareStatus(
  share: Pick<ReportShare, 'expiresAt' | 'revokedAt'>,
  now: Date = new Date(),
): ShareStatus {
  if (share.revokedAt !== null) return 'Revoked';
  return Date.parse(share.expiresAt) <= now.getTime() ? 'Expired' : 'Active';
}

/** "Opened 3 times", "Never opened" */
export const opensWords = (opens: number) =>
  opens === 0 ? 'Never opened' : `Opened ${opens} ${opens === 1 ? 'time' : 'times'}`;

/** What is wrong with the days typed for a new link, or null when they will do. */
export function shareDaysError(value: string): string | null {
  const days = Number(value);
  if (value.trim() === '' || !Number.isInteger(days) || days < 1 || days > SHARE_MAX_DAYS) {
    return `Choose a whole number of days from 1 to ${SHARE_MAX_DAYS}.`;
  }
  return null;
}

/** Active links first, each group latest first. */
export function sortShares<T extends Pick<ReportShare, 'createdAt' | 'expiresAt' | 'revokedAt'>>(
  shares: readonly T[],
  now: Date = new Date(),
): T[] {
  const active = (s: T) => (shareStatus(s, now) === 'Active' ? 0 : 1);
  return [...shares].sort(
    (a, b) => active(a) - active(b) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}
