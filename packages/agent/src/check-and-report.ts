// One run: every check, the results printed, then (unless --dry) reported and remembered.
import { AgentError } from './agent-error';
import type { CliDeps } from './cli-deps';
import { type AgentConfig, readConfig, writeConfig } from './config-file';
import { formatChecks, summarize } from './results-text';
import { ServerError, serverClient, userAgent } from './server-client';
import { describeUpdate, updateAgent } from './update';

export type RunMode = { dry: boolean; json: boolean };

/** Answers the exit code: 0 when the results were reported (or --dry), 1 when reporting failed. */
export async function checkAndReport(
  deps: CliDeps,
  given: AgentConfig | null,
  mode: RunMode,
): Promise<number> {
  // In JSON mode only the JSON goes to standard output.
  let config = given;
  const note = (text: string) => (mode.json ? deps.err : deps.out)(`${text}\n`);
  if (config && !mode.dry) {
    // Before the checks, so that a failed update is said and the checks still run; the new
    // build is used from the next run.
    const said = describeUpdate(await updateAgent(deps, config));
    if (said) note(said);
    config = (await readConfig(deps.configHome)) ?? config;
  }
  const checks = await deps.runChecks(config?.currentBrowsers ?? {}, config?.system?.owner);
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
      // Kept from the first server that gave it: a later answer cannot change the key.
      ...(!rest.updateKey && answer.updateKey ? { updateKey: answer.updateKey } : {}),
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
