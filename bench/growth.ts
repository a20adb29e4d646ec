// Data that grows: each signed-in endpoint's latency at a steady rate with the demo data alone,
// then again (same person, same server build, a fresh process) once many organisations have been
// generated beside it. The answers people get must not slow as other organisations arrive.
import pg from 'pg';
import { type Latency, sampleLatency } from './ceiling';
import { signIn } from './load';
import { generateOrganizations, type Scale } from './many-organizations';
import { startServer } from './server-process';

/** The signed-in reads of an administrator's day, answer-cached or not. */
export const GROWTH_ENDPOINTS = [
  '/api/auth/user-data',
  '/api/actions',
  '/api/get-score',
  '/api/list-employees',
  '/api/organization',
  '/api/users',
  '/api/integrations',
  '/api/frameworks',
  '/api/setup-checklist',
  '/api/risk-analysis',
];
/** The demo organisation's administrator (brightwave.example). */
const ADMIN = 'alice.morgan@brightwave.example';
const ROUNDS = 3;

export type GrowthFigures = {
  scale: Scale;
  rate: number;
  roundSeconds: number;
  rounds: number;
  generateSeconds: number;
  rows: Record<string, number>;
  databaseBytes: { demo: number; grown: number };
  endpoints: { endpoint: string; demo: Latency; grown: Latency; p99Ratio: number }[];
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const twoDecimals = (v: number) => Math.round(v * 100) / 100;

/** Each endpoint at `rate`: a warm-up second, then ROUNDS runs; the medians of their p50 and p99. */
async function measureEndpoints(dbEnv: Record<string, string>, rate: number, seconds: number) {
  const server = await startServer(dbEnv);
  try {
    const cookie = await signIn(server.url, ADMIN);
    const figures = new Map<string, Latency>();
    for (const endpoint of GROWTH_ENDPOINTS) {
      const url = `${server.url}${endpoint}`;
      await sampleLatency(url, cookie, 1, rate);
      const runs: Latency[] = [];
      for (let i = 0; i < ROUNDS; i += 1)
        runs.push(await sampleLatency(url, cookie, seconds, rate));
      figures.set(endpoint, {
        p50Ms: twoDecimals(median(runs.map((r) => r.p50Ms))),
        p99Ms: twoDecimals(median(runs.map((r) => r.p99Ms))),
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

async function databaseBytes(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      'select pg_database_size(current_database())::text as bytes',
    );
    return Number(rows[0]?.bytes ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * On the empty PostgreSQL database at `databaseUrl`: the server migrates it and adds the demo
 * data, the endpoints are measured, `scale` is generated, and the endpoints are measured again.
 */
export async function measureGrowth(
  databaseUrl: string,
  { scale, rate, roundSeconds }: { scale: Scale; rate: number; roundSeconds: number },
): Promise<GrowthFigures> {
  const dbEnv = { DATABASE_URL: databaseUrl };
  const demo = await measureEndpoints(dbEnv, rate, roundSeconds);
  const demoBytes = await databaseBytes(databaseUrl);
  console.error(
    `… generating ${scale.organizations.toLocaleString('en')} organisations of ${scale.membersPerOrganization} members`,
  );
  const started = performance.now();
  const rows = await generateOrganizations(databaseUrl, scale);
  const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
  const grown = await measureEndpoints(dbEnv, rate, roundSeconds);
  return {
    scale,
    rate,
    roundSeconds,
    rounds: ROUNDS,
    generateSeconds,
    rows,
    databaseBytes: { demo: demoBytes, grown: await databaseBytes(databaseUrl) },
    endpoints: GROWTH_ENDPOINTS.map((endpoint) => {
      const before = demo.get(endpoint) ?? { p50Ms: 0, p99Ms: 0 };
      const after = grown.get(endpoint) ?? { p50Ms: 0, p99Ms: 0 };
      return {
        endpoint,
        demo: before,
        grown: after,
        p99Ratio: twoDecimals(after.p99Ms / Math.max(before.p99Ms, 0.01)),
      };
    }),
  };
}

/** The bound: each endpoint's p99 with the grown data within 1.25× of the demo's. */
export const GROWTH_P99_BOUND = 1.25;

export function growthProblems(f: GrowthFigures): string[] {
  return f.endpoints
    .filter((e) => e.p99Ratio > GROWTH_P99_BOUND)
    .map(
      (e) => `${e.endpoint}: p99 ${e.grown.p99Ms} ms against ${e.demo.p99Ms} ms (${e.p99Ratio}×)`,
    );
}

export function growthTable(f: GrowthFigures): string[][] {
  return [
    ['  Endpoint', 'p50 demo', 'p50 grown', 'p99 demo', 'p99 grown', 'p99 ratio'],
    ...f.endpoints.map((e) => [
      `  ${e.endpoint}`,
      `${e.demo.p50Ms} ms`,
      `${e.grown.p50Ms} ms`,
      `${e.demo.p99Ms} ms`,
      `${e.grown.p99Ms} ms`,
      `${e.p99Ratio.toFixed(2)}×`,
    ]),
  ];
}

export function growthSummary(f: GrowthFigures): string[] {
  const mb = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString('en')} MB`;
  const counted = Object.entries(f.rows)
    .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
    .join(', ');
  return [
    `  Generated in ${f.generateSeconds} s: ${counted}.`,
    `  Database: ${mb(f.databaseBytes.demo)} with the demo data, ${mb(f.databaseBytes.grown)} grown.`,
    `  Medians of ${f.rounds} runs of ${f.roundSeconds} s at ${f.rate}/s each, 10 connections, as the demo administrator; a fresh server process for each data set.`,
  ];
}
