// Graph's cursor paging over the kit's cursors: `limit` and `after` in, `data` + `paging.cursors`
// + `paging.next` (an absolute URL, absent on the last page) out. `before` and `paging.previous`
// are left out: no client here pages backwards.
import type { Answer } from '../kit/answers';
import { cursorOf, pageAt } from '../kit/paging';
import { invalidParameter } from './graph-errors';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

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
  const page = pageAt(items, q.get('after'), Math.min(limit, MAX_LIMIT));
  if (!page) return invalidParameter('(#100) The after cursor is not valid');
  const nextLink = (cursor: string) => {
    const next = new URL(`${origin}${url.pathname}`);
    for (const [k, v] of q) if (k !== 'after' && k !== 'before') next.searchParams.set(k, v);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursor);
    return next.toString();
  };
  return {
    page: page.items,
    body: (data) =>
      page.items.length === 0
        ? { data }
        : {
            data,
            paging: {
              cursors: {
                before: cursorOf(page.offset),
                after: cursorOf(page.offset + page.items.length),
              },
              ...(page.next ? { next: nextLink(page.next) } : {}),
            },
          },
  };
}
