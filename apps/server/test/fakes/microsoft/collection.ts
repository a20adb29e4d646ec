// Graph collection answers: $top, $select and an absolute @odata.nextLink whose opaque
// $skiptoken is bound to the rest of the query, as Graph's are (integrations-reference §2.8).
import { createHash } from 'node:crypto';
import type { Answer } from '../answers';
import { json } from '../answers';
import { badRequest } from './graph-errors';

export type PageLimits = { defaultTop: number; maxTop: number; clampTop?: boolean };

const bindingOf = (query: URLSearchParams) =>
  createHash('sha256')
    .update(
      [...query]
        .filter(([k]) => k !== '$skiptoken')
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('&'),
    )
    .digest('base64url')
    .slice(0, 16);

const skipToken = (offset: number, query: URLSearchParams) =>
  Buffer.from(`${offset}:${bindingOf(query)}`).toString('base64url');

function offsetOf(query: URLSearchParams): number | null {
  const token = query.get('$skiptoken');
  if (token === null) return 0;
  const [offset, binding] = Buffer.from(token, 'base64url').toString('utf8').split(':');
  if (!offset || !/^\d+$/.test(offset) || binding !== bindingOf(query)) return null;
  return Number(offset);
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
  const offset = offsetOf(p.url.searchParams);
  if (offset === null) {
    return badRequest('Invalid $skiptoken value.', 'Request_UnsupportedQuery');
  }
  const page = items.slice(offset, offset + p.size);
  const body: Record<string, unknown> = {
    '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#${p.context}`,
  };
  if (offset + p.size < items.length) {
    const next = new URL(`${p.origin}${p.url.pathname}`);
    const query = new URLSearchParams(p.url.searchParams);
    query.delete('$skiptoken');
    const parts = [...query].map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
    parts.push(`$skiptoken=${skipToken(offset + p.size, query)}`);
    next.search = parts.join('&');
    body['@odata.nextLink'] = next.toString();
  }
  body.value = p.shape ? page.map(p.shape) : page;
  return json(200, body);
}
