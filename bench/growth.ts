// Data that grows: each signed-in endpoint's latency at a steady rate with the demo data alone,
// then again (same person, same server build, a fresh process) once many organisations have been
// generated beside it. The answers people get must not slow as other organisations arrive.
import pg from 'pg';
import { type Latency, pooledLatency, sampleLatency } from './ceiling';
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
const ROUNDS = 5;

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

const twoDecimals = (v: number) => Math.round(v * 100) / 100;

/** A web process (ROLE=web: the background work of thousands of organisations is the workers'). */
async function webProcess(databaseUrl: string) {
  const server = await startServer({ DATABASE_URL: databaseUrl, ROLE: 'web' });
  return {
    server,
    cookie: await signIn(server.url, ADMIN).catch(async (err) => {
      await server.stop();
      throw err;
    }),
  };
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
 * Two empty PostgreSQL databases: each gets the migrations and the demo data from its server's
 * first start, and `grownUrl` also `scale` generated beside them. Then a web process on each, and
 * each endpoint measured on both at `rate`, their runs interleaved (demo, grown, demo, grown …)
 * so that the machine's noise falls on both alike.
 */
export async function measureGrowth(
  { demoUrl, grownUrl }: { demoUrl: string; grownUrl: string },
  { scale, rate, roundSeconds }: { scale: Scale; rate: number; roundSeconds: number },
): Promise<GrowthFigures> {
  for (const url of [demoUrl, grownUrl]) await (await startServer({ DATABASE_URL: url })).stop();
  console.error(
    `… generating ${scale.organizations.toLocaleString('en')} organisations of ${scale.membersPerOrganization} members`,
  );
  const started = performance.now();
  const rows = await generateOrganizations(grownUrl, scale);
  const generateSeconds = Math.round((performance.now() - started) / 100) / 10;
  const demo = await webProcess(demoUrl);
  try {
    const grown = await webProcess(grownUrl);
    try {
      const endpoints: GrowthFigures['endpoints'] = [];
      for (const endpoint of GROWTH_ENDPOINTS) {
        const sample = (p: typeof demo, seconds: number) =>
          sampleLatency(`${p.server.url}${endpoint}`, p.cookie, seconds, rate);
        await sample(demo, 1);
        await sample(grown, 1);
        const runs = { demo: [] as number[][], grown: [] as number[][] };
        for (let i = 0; i < ROUNDS; i += 1) {
          runs.demo.push(await sample(demo, roundSeconds));
          runs.grown.push(await sample(grown, roundSeconds));
        }
        const before = pooledLatency(runs.demo);
        const after = pooledLatency(runs.grown);
        endpoints.push({
          endpoint,
          demo: before,
          grown: after,
          p99Ratio: twoDecimals(after.p99Ms / Math.max(before.p99Ms, 0.01)),
        });
      }
      return {
        scale,
        rate,
        roundSeconds,
        rounds: ROUNDS,
        generateSeconds,
        rows,
        databaseBytes: { demo: await databaseBytes(demoUrl), grown: await databaseBytes(grownUrl) },
        endpoints,
      };
    } finally {
      await grown.server.stop();
    }
  } finally {
    await demo.server.stop();
  }
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
    `  p50 and p99 of ${f.rounds} runs of ${f.roundSeconds} s at ${f.rate}/s each taken together, 10 connections, as the demo administrator, from a web process (ROLE=web) on each database, the two interleaved.`,
  ];
}
