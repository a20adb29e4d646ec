import { formatDate } from './format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something happened, in short words: "just now", "5 min ago", "2 h ago",
 * "3 days ago", and past a month the date itself ("on Mar 4, 2025"). A time slightly ahead of
 * this browser's clock counts as just now.
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const then = value instanceof Date ? value : new Date(value);
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return days === 1 ? '1 day ago' : `${days} days ago`;
  return `on ${formatDate(then)}`;
}

/** The exact moment, for a tooltip beside a relative time: "Mar 4, 2025, 2:05 PM". */
export const formatDateTime = (value: string | Date) =>
  formatDate(value, { hour: 'numeric', minute: '2-digit' });
