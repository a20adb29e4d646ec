/**
 * Runs the tasks at once. The first failure aborts the others through their signal, and is thrown
 * once every task has stopped, so nothing is left running when this returns.
 */
export async function runTogether<T extends readonly unknown[]>(
  outer: AbortSignal | undefined,
  tasks: { readonly [K in keyof T]: (signal: AbortSignal) => Promise<T[K]> },
): Promise<T> {
  const stop = new AbortController();
  const signal = outer ? AbortSignal.any([outer, stop.signal]) : stop.signal;
  const state: { failure: { error: unknown } | null } = { failure: null };
  const settled = await Promise.allSettled(
    (tasks as readonly ((signal: AbortSignal) => Promise<unknown>)[]).map((task) =>
      task(signal).catch((error: unknown) => {
        state.failure ??= { error: outer?.aborted ? outer.reason : error };
        stop.abort(error);
        throw error;
      }),
    ),
  );
  if (state.failure) throw state.failure.error;
  return settled.map((r) => (r.status === 'fulfilled' ? r.value : undefined)) as unknown as T;
}
