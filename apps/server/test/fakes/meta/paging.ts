// Graph's cursor paging: `limit` and `after` in, `data` + `paging.cursors` + `paging.next` (an
// absolute URL, absent on the last page) out. `before` and `paging.previous` are left out: no
// client here pages backwards.
import type { Answer } from '../answers';
import { invalidParameter } from './graph-errors';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

const cursor = (index: number) => Buffer.from(`fake-cursor:${index}`).toString('base64url');

function indexOf(value: string): number | null {
  const match = /^fake-cursor:(\d+)$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/** One page of `items` for the request `url`, whose links point at `origin`. */
export function pageOf<T>(
  items: readonly T[],
  url: URL,
  origin: string,
): Answer | { page: T[]; body: (data: unknown[]) => unknown } {
  const q = url.searchParams;
  const limitParam = q.get('limit');
  const limit = limitParam === null ? DEFAULT_LIMIT : Number(limitParam);
  if (!Number.isInteger(limit) || limit < 1) {
    return invalidParameter('(#100) Param limit must be a positive integer');
  }
  const after = q.get('after');
  const afterIndex = after === null ? -1 : indexOf(after);
  if (afterIndex === null) return invalidParameter('(#100) The after cursor is not valid');
  const start = afterIndex + 1;
  const page = items.slice(start, start + Math.min(limit, MAX_LIMIT));
  const end = start + page.length - 1;
  const nextLink = (index: number) => {
    const next = new URL(`${origin}${url.pathname}`);
    for (const [k, v] of q) if (k !== 'after' && k !== 'before') next.searchParams.set(k, v);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursor(index));
    return next.toString();
  };
  return {
    page,
    body: (data) =>
      page.length === 0
        ? { data }
        : {
            data,
            paging: {
              cursors: { before: cursor(start), after: cursor(end) },
              ...(end < items.length - 1 ? { next: nextLink(end) } : {}),
            },
          },
  };
}
