// Offset paging behind opaque cursors, what every provider's paging shares: a page is a slice of
// the list, and its cursor names where the next one starts. A cursor is bound to the query it was
// made for, so one replayed against another query is refused (Google and Graph do that). Each
// provider wraps this in its own shape: google/page-token.ts, microsoft/collection.ts,
// meta/paging.ts.
import { createHash } from 'node:crypto';

const digestOf = (binding: string) =>
  createHash('sha256').update(binding).digest('base64url').slice(0, 12);

/** The cursor of `offset` for the query whose binding is `binding`. */
export const cursorOf = (offset: number, binding = '') =>
  Buffer.from(`${offset}.${digestOf(binding)}`).toString('base64url');

/** The offset `cursor` names; null when it is not one of ours, or not for this binding. */
export function offsetOf(cursor: string, binding = ''): number | null {
  const [offset = '', digest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  return /^\d+$/.test(offset) && digest === digestOf(binding) ? Number(offset) : null;
}

export type Page<T> = {
  items: T[];
  /** Where the page starts in the whole list. */
  offset: number;
  /** The cursor of the next page; absent on the last one. */
  next?: string;
};

/**
 * The page of `items` at `cursor` (null: the first page), `size` long; null when the cursor is
 * not valid for `binding`.
 */
export function pageAt<T>(
  items: readonly T[],
  cursor: string | null,
  size: number,
  binding = '',
): Page<T> | null {
  const offset = cursor === null ? 0 : offsetOf(cursor, binding);
  if (offset === null) return null;
  const end = offset + size;
  return {
    items: items.slice(offset, end),
    offset,
    ...(end < items.length ? { next: cursorOf(end, binding) } : {}),
  };
}
