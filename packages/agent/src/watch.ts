// `castellan-agent watch`: keeps asking the server whether a person pressed "Check again now", and
// checks and reports at once when so. The scheduled run checks every few hours; this is what makes
// the task view update within a minute while someone is looking.
import { AgentError } from './agent-error';
import { checkAndReport } from './check-and-report';
import type { CliDeps } from './cli-deps';
import { type AgentConfig, readConfig } from './config-file';
import { ServerError, serverClient, userAgent } from './server-client';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks every `pollSeconds` (as the server says); stops once `watchSeconds` have passed since it
 * started or last checked on request. Answers the exit code.
 */
export async function watch(deps: CliDeps, config: AgentConfig): Promise<number> {
  const client = serverClient(config.server, deps.fetch, userAgent(deps.device.agentVersion));
  const sleep = deps.sleep ?? wait;
  let until: number | null = null;
  let exitCode = 0;
  for (;;) {
    let answer: Awaited<ReturnType<typeof client.due>> | null = null;
    try {
      answer = await client.due(config.token);
    } catch (error) {
      // A revoked token, or a server without this call (404): asking again will not help.
      if (!(error instanceof ServerError) || error.status === 401 || error.status === 404) {
        throw error;
      }
      // A server that is busy or out of reach for a moment: ask again at the next poll.
      deps.err(`${error.message}\n`);
    }
    const pollMs = (answer?.pollSeconds ?? 15) * 1000;
    const watchMs = (answer?.watchSeconds ?? 600) * 1000;
    if (until === null) {
      until = deps.now().getTime() + watchMs;
      deps.out(
        `Watching for "Check again now" in Castellan for ${Math.round(watchMs / 60_000)} minutes (Ctrl+C stops).\n`,
      );
    }
    if (answer?.due) {
      deps.out('Asked to check again now.\n');
      try {
        // As the last report left it (the browsers' current versions).
        const latest = (await readConfig(deps.configHome)) ?? config;
        exitCode = await checkAndReport(deps, latest, { dry: false, json: false });
      } catch (error) {
        if (!(error instanceof AgentError)) throw error;
        deps.err(`${error.message}\n`);
        exitCode = error.exitCode;
      }
      until = deps.now().getTime() + watchMs;
    }
    if (deps.now().getTime() + pollMs > until) break;
    await sleep(pollMs);
  }
  deps.out('Stopped watching.\n');
  return exitCode;
}
