import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `task` a second after start and then every `everyMs`, never twice at once in this
 * process; what it resolves to is logged at debug level, a failure as an error. Returns a
 * function that stops the job and waits for a run in progress. (A later issue moves jobs to a
 * durable queue; until then every server process runs its own, so tasks must be idempotent.)
 */
export function startPeriodicJob(
  name: string,
  task: () => Promise<Record<string, unknown>>,
  log: FastifyBaseLogger,
  everyMs: number,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = task()
      .then((result) => log.debug(result, `${name}: done`))
      .catch((err: unknown) => log.error({ err }, `${name}: failed`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
