// Google's paging over the kit's cursors: `pageToken` in, `nextPageToken` out (absent on the last
// page). A token is bound to the list's other parameters named in `bound`: Google requires the
// same ones with a pageToken.
import { type Page, pageAt } from '../kit/paging';
import { badRequest } from './google-errors';

const bindingOf = (query: URLSearchParams, bound: readonly string[]) =>
  bound.map((k) => `${k}=${query.get(k) ?? ''}`).join('&');

/** The page the request's pageToken points at; null when the token is not ours for this query. */
export const tokenPage = <T>(
  items: readonly T[],
  query: URLSearchParams,
  size: number,
  bound: readonly string[],
) => pageAt(items, query.get('pageToken') || null, size, bindingOf(query, bound));

export const nextPageToken = (page: Page<unknown>) =>
  page.next ? { nextPageToken: page.next } : {};

/** `maxResults`-like parameters: the default when absent, null when not an integer in range. */
export function pageSize(value: string | null, fallback: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The request's `maxResults` (`fallback` without one), or Google's 400 for a value out of range. */
export function maxResultsOf(query: URLSearchParams, fallback: number, max: number) {
  const value = query.get('maxResults');
  return (
    pageSize(value, fallback, max) ??
    badRequest(
      'admin',
      `Invalid value '${value}'. Values must be within the range: [1, ${max}]`,
      'invalid',
      'maxResults',
    )
  );
}
