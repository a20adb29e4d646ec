// The failures a test asks a fake for (`failNext`, `POST /__fake/fail-next`): the next requests
// whose path starts with a prefix get the failure instead of their answer (a 429 with
// Retry-After, a 503, a Meta error code…), which the fake sends in its provider's envelope.

export type FailureOptions = {
  /** How many requests fail; default 1. */
  times?: number;
  /** How many matching requests are answered normally first; default 0. */
  after?: number;
};

export function forcedFailures<F>() {
  const queue: { prefix: string; failure: F; skip: number; left: number }[] = [];
  return {
    add(prefix: string, failure: F, options: FailureOptions = {}) {
      queue.push({ prefix, failure, skip: options.after ?? 0, left: options.times ?? 1 });
    },
    /** What the request to `path` gets instead of its answer; null: its answer. */
    take(path: string): F | null {
      const entry = queue.find((e) => path.startsWith(e.prefix));
      if (!entry) return null;
      if (entry.skip > 0) {
        entry.skip -= 1;
        return null;
      }
      entry.left -= 1;
      if (entry.left <= 0) queue.splice(queue.indexOf(entry), 1);
      return entry.failure;
    },
    clear() {
      queue.length = 0;
    },
  };
}
