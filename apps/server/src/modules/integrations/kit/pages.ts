/** Stops a list whose pages never end. */
const MAX_PAGES = 100_000;

/**
 * Every page of a list, one request after the other (each needs the previous page's cursor).
 * The next page is asked for as soon as its cursor is known, while the caller works on the
 * current one: at most two pages are held at once. A cursor seen before is `failed`.
 */
export async function* readAhead<C, B>(
  first: C,
  fetchPage: (cursor: C, isFirst: boolean) => Promise<B>,
  nextOf: (body: B) => C | undefined,
  failed: (message: string) => Error,
): AsyncGenerator<B> {
  const request = (cursor: C, isFirst: boolean) => {
    const page = fetchPage(cursor, isFirst);
    // Read ahead, it may fail before the caller gets to it: it is awaited (and its failure
    // thrown) then, or never if the caller stops first.
    page.catch(() => undefined);
    return page;
  };
  const seen = new Set<string>();
  let pending = request(first, true);
  for (let n = 1; n <= MAX_PAGES; n += 1) {
    const body = await pending;
    const next = nextOf(body);
    if (next !== undefined) {
      const key = String(next);
      if (seen.has(key)) throw failed('the provider repeated a page');
      seen.add(key);
      pending = request(next, false);
    }
    yield body;
    if (next === undefined) return;
  }
  throw failed(`more than ${MAX_PAGES} pages`);
}
