/**
 * A token refresh that concurrent calls share: a caller whose token is already replaced goes on
 * at once; the others wait for the one refresh under way. It belongs to no one caller, so no
 * caller's abort signal stops it.
 */
export function sharedRefresh(
  currentToken: () => string,
  refresh: () => Promise<void>,
): (stale: string) => Promise<void> {
  let running: Promise<void> | null = null;
  return (stale) => {
    if (currentToken() !== stale) return Promise.resolve();
    running ??= refresh().finally(() => {
      running = null;
    });
    return running;
  };
}
