// The ceiling of each task endpoint: the real server against a bare Fastify server that answers
// the same bytes from memory, both at the same steady rate, their short runs interleaved so that
// the machine's noise falls on both alike.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { CapturedAnswer } from './bare-server';
import { startServer } from './server-process';

/** Headers that belong to one answer or one connection rather than to the endpoint. */
const PER_ANSWER = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
]);
export const CEILING_ROUNDS = 5;
const CONNECTIONS = 10;

export type Latency = { p50Ms: number; p99Ms: number };
export type CeilingFigures = {
  endpoint: string;
  bytes: number;
  rounds: number;
  roundSeconds: number;
  /** Of the rounds' responses taken together. */
  real: Latency;
  bare: Latency;
  p99Ratio: number;
  p50Ratio: number;
};

/** Each path's answer to `cookie`, once, as the bare server will replay it. */
async function captureAnswers(
  baseUrl: string,
  cookie: string,
  paths: string[],
): Promise<CapturedAnswer[]> {
  return Promise.all(
    paths.map(async (p) => {
      const res = await fetch(`${baseUrl}${p}`, { headers: { cookie } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${body.toString()}`);
      const headers = Object.fromEntries(
        [...res.headers].filter(([name]) => !PER_ANSWER.has(name)),
      );
      return { path: p, status: res.status, headers, body: body.toString('base64') };
    }),
  );
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
const twoDecimals = (v: number) => Math.round(v * 100) / 100;

/**
 * Every response time of one run at `rate`, in milliseconds, from each response's own time:
 * autocannon's histogram keeps whole milliseconds, and a bare answer takes less than one. Throws
 * on any error or non-2xx.
 */
export function sampleLatency(url: string, cookie: string, seconds: number, rate: number) {
  return new Promise<number[]>((resolve, reject) => {
    const times: number[] = [];
    const run = autocannon(
      { url, connections: CONNECTIONS, headers: { cookie }, duration: seconds, overallRate: rate },
      (err, result) => {
        if (err) return reject(err);
        if (result.errors + result.non2xx > 0) {
          return reject(new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`));
        }
        resolve(times);
      },
    );
    run.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}

/**
 * p50 and p99 of the runs' responses taken together: a short run's p99 is its few slowest
 * answers and moves from run to run by more than the gaps measured; pooled, it is the 1% tail of
 * thousands.
 */
export function pooledLatency(runs: number[][]): Latency {
  const times = runs.flat().sort((a, b) => a - b);
  return {
    p50Ms: twoDecimals(percentile(times, 0.5)),
    p99Ms: twoDecimals(percentile(times, 0.99)),
  };
}

/**
 * For each path: captures the real answer, then runs the real server and the bare one at `rate`
 * in turn (real, bare, real, bare …), `CEILING_ROUNDS` runs each of `roundSeconds` after a warm-up.
 */
export async function measureCeiling(
  realUrl: string,
  cookie: string,
  paths: string[],
  { rate, roundSeconds, workDir }: { rate: number; roundSeconds: number; workDir: string },
): Promise<CeilingFigures[]> {
  const answers = await captureAnswers(realUrl, cookie, paths);
  const answersFile = path.join(workDir, 'bare-answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  const bare = await startServer({ BARE_ANSWERS: answersFile }, 'bench/bare-server.ts');
  try {
    const figures: CeilingFigures[] = [];
    for (const answer of answers) {
      const urls = [`${realUrl}${answer.path}`, `${bare.url}${answer.path}`] as const;
      for (const url of urls) await sampleLatency(url, cookie, 1, rate);
      const real: number[][] = [];
      const bareRuns: number[][] = [];
      for (let i = 0; i < CEILING_ROUNDS; i++) {
        real.push(await sampleLatency(urls[0], cookie, roundSeconds, rate));
        bareRuns.push(await sampleLatency(urls[1], cookie, roundSeconds, rate));
      }
      const r = pooledLatency(real);
      const b = pooledLatency(bareRuns);
      figures.push({
        endpoint: answer.path,
        bytes: Buffer.from(answer.body, 'base64').length,
        rounds: CEILING_ROUNDS,
        roundSeconds,
        real: r,
        bare: b,
        p99Ratio: twoDecimals(r.p99Ms / b.p99Ms),
        p50Ratio: twoDecimals(r.p50Ms / b.p50Ms),
      });
    }
    return figures;
  } finally {
    await bare.stop();
  }
}
