// Graph collection answers: $top, $select and an absolute @odata.nextLink whose opaque
// $skiptoken (a kit cursor) is bound to the rest of the query, as Graph's are
// (integrations-reference §2.8).
import { type Answer, json } from '../kit/answers';
import { pageAt } from '../kit/paging';
import { badRequest } from './graph-errors';

export type PageLimits = { defaultTop: number; maxTop: number; clampTop?: boolean };

const withoutToken = (query: URLSearchParams) => [...query].filter(([k]) => k !== '$skiptoken');

const bindingOf = (query: URLSearchParams) =>
  withoutToken(query)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');

/** The request's address at `origin` with `cursor` as its $skiptoken, the rest of it as it was. */
function nextLink(origin: string, url: URL, cursor: string): string {
  const next = new URL(`${origin}${url.pathname}`);
  const parts = withoutToken(url.searchParams).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  parts.push(`$skiptoken=${cursor}`);
  next.search = parts.join('&');
  return next.toString();
}

/** The page size a request asks for, or the 400 Graph answers. */
export function pageSizeOf(query: URLSearchParams, limits: PageLimits): number | Answer {
  const top = query.get('$top');
  if (top === null) return limits.defaultTop;
  if (!/^\d+$/.test(top) || Number(top) < 1) {
    return badRequest(`Invalid page size specified: '${top}'.`, 'Request_UnsupportedQuery');
  }
  if (Number(top) <= limits.maxTop) return Number(top);
  if (limits.clampTop) return limits.maxTop;
  return badRequest(
    `Invalid page size specified: '${top}'. Must be between 1 and ${limits.maxTop} inclusive.`,
    'Request_UnsupportedQuery',
  );
}

/** The properties a `$select` asks for, or the 400 for a property the type does not have. */
export function selectionOf(
  query: URLSearchParams,
  known: readonly string[],
  defaults: readonly string[],
  typeName: string,
): string[] | Answer {
  const select = query.get('$select');
  if (select === null || select.trim() === '') return [...defaults];
  const wanted = select.split(',').map((s) => s.trim());
  const unknown = wanted.find((p) => !known.includes(p));
  if (unknown !== undefined) {
    return badRequest(
      `Could not find a property named '${unknown}' on type '${typeName}'.`,
      'Request_BadRequest',
    );
  }
  return wanted;
}

export function pick(item: object, properties: readonly string[]): Record<string, unknown> {
  const source = item as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (typeof source['@odata.type'] === 'string') out['@odata.type'] = source['@odata.type'];
  for (const p of properties) out[p] = source[p] ?? null;
  return out;
}

/** One page of `items` with `@odata.context` and, unless it is the last, `@odata.nextLink`. */
export function collectionPage<T>(
  items: readonly T[],
  p: {
    url: URL;
    origin: string;
    context: string;
    size: number;
    shape?: (item: T) => unknown;
  },
): Answer {
  const query = p.url.searchParams;
  const page = pageAt(items, query.get('$skiptoken'), p.size, bindingOf(query));
  if (!page) return badRequest('Invalid $skiptoken value.', 'Request_UnsupportedQuery');
  const body: Record<string, unknown> = {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#${p.context}`,
  };
  if (page.next) body['@odata.nextLink'] = nextLink(p.origin, p.url, page.next);
  body.value = p.shape ? page.items.map(p.shape) : page.items;
  return json(200, body);
}
