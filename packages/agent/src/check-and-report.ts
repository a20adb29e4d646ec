// One run: every check, the results printed, then (unless --dry) reported and remembered.
import { AgentError } from './agent-error';
import type { CliDeps } from './cli-deps';
import { type AgentConfig, writeConfig } from './config-file';
import { formatChecks, summarize } from './results-text';
import { ServerError, serverClient, userAgent } from './server-client';

export type RunMode = { dry: boolean; json: boolean };

/** Answers the exit code: 0 when the results were reported (or --dry), 1 when reporting failed. */
export async function checkAndReport(
  deps: CliDeps,
  config: AgentConfig | null,
  mode: RunMode,
): Promise<number> {
  // In JSON mode only the JSON goes to standard output.
  const note = (text: string) => (mode.json ? deps.err : deps.out)(`${text}\n`);
  const checks = await deps.runChecks(config?.currentBrowsers ?? {});
  if (checks.length === 0) throw new AgentError('No check ran: nothing to report.');
  const checkedAt = deps.now().toISOString();
  const printJson = (reported: boolean) =>
    deps.out(`${JSON.stringify({ checkedAt, reported, checks }, null, 2)}\n`);

  if (!mode.json) {
    deps.out(`Checked this computer (${deps.device.name}):\n`);
    deps.out(formatChecks(checks, deps.device.platform === 'win32', deps.device.platform));
    deps.out(`${summarize(checks)}\n`);
  }
  if (mode.dry || !config) {
    if (mode.json) printJson(false);
    else note('Not reported (--dry).');
    return 0;
  }

  const client = serverClient(config.server, deps.fetch, userAgent(deps.device.agentVersion));
  const lastRun = { at: checkedAt, checks };
  try {
    const answer = await client.report(config.token, {
      reportedAt: checkedAt,
      device: { osVersion: deps.device.osVersion, agentVersion: deps.device.agentVersion },
      checks,
    });
    const { lastReportError: _, ...rest } = config;
    await writeConfig(deps.configHome, {
      ...rest,
      currentBrowsers: answer.currentBrowsers,
      lastRun,
      lastReportAt: checkedAt,
    });
  } catch (error) {
    if (!(error instanceof ServerError)) throw error;
    const message =
      error.status === 401
        ? `${error.message} Enroll it again with a new code: castellan-agent enroll <code> --server ${config.server}`
        : error.message;
    await writeConfig(deps.configHome, { ...config, lastRun, lastReportError: message });
    if (mode.json) printJson(false);
    throw new AgentError(`Not reported: ${message}`);
  }
  if (mode.json) printJson(true);
  note(`Reported to ${config.server}.`);
  return 0;
}
