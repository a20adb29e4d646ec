/**
 * `work` on every item, at most `limit` at a time, results in the items' order. The first
 * failure aborts the others through their signal and is thrown once every running call has
 * stopped, so nothing is left running when this returns.
 */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, signal: AbortSignal) => Promise<R>,
  outer?: AbortSignal,
): Promise<R[]> {
  const stop = new AbortController();
  const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
  const results: R[] = [];
  const state: { next: number; failure: { error: unknown } | null } = { next: 0, failure: null };
  const worker = async () => {
    while (state.failure === null && state.next < items.length) {
      const index = state.next;
      state.next += 1;
      try {
        results[index] = await work(items[index] as T, signal);
      } catch (error) {
        state.failure ??= { error: outer?.aborted ? outer.reason : error };
        stop.abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (state.failure) throw state.failure.error;
  return results;
}
