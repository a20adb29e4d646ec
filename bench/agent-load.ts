// The endpoint agent: how long one `run` of the built agent takes on this machine (every check,
// the whole process), and POST /api/agent/report under load, as the bench organisation's devices.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AGENT_CHECK_IDS } from '@castellan/contract';
import autocannon from 'autocannon';
import { BENCH_DEVICES, benchDeviceToken } from './large-organization';
import { type LoadFigures, loadFigures } from './load';
import { repoRoot } from './server-process';

const AGENT = path.join(repoRoot, 'packages/agent/dist/castellan-agent.mjs');
const RUNS = 5;

export type AgentRunFigures = { runs: number; medianMs: number; slowestMs: number };

/** Builds the agent when it is not built, then times `run --dry` (every check, no report). */
export function measureAgentRun(): AgentRunFigures {
  if (!existsSync(AGENT)) {
    execFileSync('npm', ['run', 'agent:build'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [AGENT, 'run', '--dry', '--json'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        CASTELLAN_AGENT_HOME: path.join(repoRoot, 'bench/results/agent-home'),
      },
    });
    times.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`the agent's run failed: ${run.stderr || run.stdout}`);
  }
  times.sort((a, b) => a - b);
  return {
    runs: RUNS,
    medianMs: Math.round(times[Math.floor(RUNS / 2)] ?? 0),
    slowestMs: Math.round(times.at(-1) ?? 0),
  };
}

/**
 * Reports at `rate` per second for `durationSeconds`, each from the next of the bench devices
 * with a time later than the last, as real agents send them (so none is refused as a replay).
 */
export async function reportLoad(
  baseUrl: string,
  durationSeconds: number,
  rate: number,
): Promise<LoadFigures> {
  let sent = 0;
  const start = Date.now() - 60 * 60_000;
  const connections = 10;
  const result = await autocannon({
    url: `${baseUrl}/api/agent/report`,
    connections,
    duration: durationSeconds,
    overallRate: rate,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          sent += 1;
          const device = sent % BENCH_DEVICES;
          return {
            ...request,
            headers: {
              ...request.headers,
              authorization: `Bearer ${benchDeviceToken(device)}`,
              // Each device from its own address (the server trusts one proxy hop here), as
              // real devices are: the report limit counts per address.
              'x-forwarded-for': `10.77.${device >> 8}.${device & 255}`,
            },
            body: JSON.stringify({
              reportedAt: new Date(start + sent).toISOString(),
              // Every fifth verdict fails, so that reports complete some tasks and reopen others.
              checks: AGENT_CHECK_IDS.map((id, i) => ({
                id,
                verdict: (sent + i) % 5 === 0 ? 'fail' : 'pass',
                evidence: 'Generated for the benchmark.',
              })),
            }),
          };
        },
      },
    ],
  });
  return loadFigures(result, connections, durationSeconds);
}
