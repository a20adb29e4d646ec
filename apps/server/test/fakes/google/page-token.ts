import { createHash } from 'node:crypto';

// Opaque page tokens: the offset of the next item, bound to the other parameters of the list so
// a token cannot be replayed against a different query (Google requires the same parameters).

const bindingOf = (query: URLSearchParams, bound: readonly string[]) =>
  createHash('sha256')
    .update(bound.map((k) => `${k}=${query.get(k) ?? ''}`).join('&'))
    .digest('base64url')
    .slice(0, 12);

export function pageToken(
  offset: number,
  query: URLSearchParams,
  bound: readonly string[],
): string {
  return Buffer.from(JSON.stringify({ o: offset, b: bindingOf(query, bound) })).toString(
    'base64url',
  );
}

/** The offset a request starts at; null when its pageToken is not one of ours for this query. */
export function pageOffset(query: URLSearchParams, bound: readonly string[]): number | null {
  const value = query.get('pageToken');
  if (!value) return 0;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'o' in parsed &&
      'b' in parsed &&
      Number.isInteger(parsed.o) &&
      parsed.b === bindingOf(query, bound)
    ) {
      return parsed.o as number;
    }
  } catch {
    // not JSON: not ours
  }
  return null;
}

/** `maxResults`-like parameters: the default when absent, null when not an integer in range. */
export function pageSize(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}
