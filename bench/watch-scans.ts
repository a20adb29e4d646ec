// Scheduled scans of the watch (modules/watch/due-scans.ts): 1,000 registered organisations on
// 1,000 fixture domains, all due at once, queued by one call of `queueDueScans` and run by the
// `watch-scan` queue's workers of this process (WATCH_SCAN_CONCURRENCY at once) on PostgreSQL.
// Measures the wall time until every scan has ended, the most scans running at once (from the job
// rows, and as the fixture internet saw them) against the configured limit, and this process's
// memory. The fixture internet runs in a child process, every DNS answer, HTTP response and SMTP
// reply delayed 100 ms: each domain is a copy of the world's good.test (packages/scanner/test/
// fixtures/world.ts) under its own name, its mail on one shared mail server.
// Run alone: `npx tsx bench/watch-scans.ts` (BENCH_PG_URL, BENCH_WATCH_DOMAINS and
// BENCH_WATCH_CONCURRENCY as for `npm run bench`).

import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { getHeapStatistics } from 'node:v8';
import type { ScannerOverrides } from '@castellan/scanner';
import {
  buildWorld,
  createTestCa,
  type FixtureRecords,
  type FixtureSite,
  startDnsFixture,
  startSmtpFixture,
  startWebFixture,
} from '@castellan/scanner/fixtures';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startJobs } from '../apps/server/src/jobs';
import { WATCH_SCAN_QUEUE } from '../apps/server/src/jobs/domain-scans';
import { queueDueScans } from '../apps/server/src/modules/watch/due-scans';
import { adminQuery, databaseUrlOf } from './admin-database';
import { collectGarbage } from './collect-garbage';
import { MB, median, round } from './provider-read';
import { repoRoot } from './server-process';

export const WATCH_DOMAINS = 1_000;
export const WATCH_CONCURRENCY = 8;
const DELAY_MS = 100;
/** Domains named on one web certificate (with their www and mta-sts names). */
const DOMAINS_PER_CERTIFICATE = 50;
/** Every generated domain's MX: one mail server, as small companies share their provider's. */
const MAIL_HOST = 'mx.mail-host.test';
const SAMPLE_MS = 50;
/** Past this the bench gives up waiting. */
const DEADLINE_MS = 30 * 60_000;
const CHILD_FLAG = '--watch-fixtures-child';

/** The number of domains and the concurrency from BENCH_WATCH_DOMAINS and BENCH_WATCH_CONCURRENCY. */
export function watchScanSettings(env: NodeJS.ProcessEnv = process.env) {
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive integer`);
    return value;
  };
  return {
    domains: positive('BENCH_WATCH_DOMAINS', WATCH_DOMAINS),
    concurrency: positive('BENCH_WATCH_CONCURRENCY', WATCH_CONCURRENCY),
  };
}

const domainName = (i: number) => `org${String(i + 1).padStart(4, '0')}.test`;

export type WatchScanFigures = {
  domains: number;
  /** WATCH_SCAN_CONCURRENCY: the most scans the process may run at once. */
  limit: number;
  delayMs: number;
  /** How the trigger spread the organisations' first scans before the bench made them all due. */
  spread: { minutes: number; mostInAMinute: number; firstInMinutes: number; lastInMinutes: number };
  /** queueDueScans: how many it queued (and skipped), and how long it took. */
  queued: number;
  skipped: number;
  queueMs: number;
  /** From the call of queueDueScans until no job is left. */
  wallMs: number;
  scansPerMinute: number;
  /** Scans by state at the end, and the grades of those done. */
  states: Record<string, number>;
  grades: Record<string, number>;
  /** Findings that failed or could not be tested (a copy of good.test should have none), by id. */
  unexpected: { id: string; status: string; scans: number; evidence: string }[];
  /** watch-scan jobs: how many, retried, and their running time (fetched to completed). */
  jobs: { count: number; retried: number; medianMs: number; slowestMs: number };
  /** Most watch-scan jobs active at once, from their start and end times. */
  peakJobs: number;
  /** Most domains whose DNS questions the fixture was answering at once. */
  peakSeenByFixture: number;
  /** Rounds of `limit` scans × the median job: the wall time if the queue always ran `limit`. */
  floorMs: number;
  /** DNS questions the fixture answered, per scan, and the domains they were about. */
  questionsPerScan: number;
  domainsAsked: number;
  /** This process (the app's jobs and scanner, not PostgreSQL or the fixtures). */
  cpuMs: number;
  startRssMb: number;
  peakRssMb: number;
  startHeapMb: number;
  peakHeapMb: number;
  /** Heap kept after a full GC once every scan has ended, above the heap before them. */
  retainedMb: number;
  /** The machine's load average over the last minute, at the end (2 means both cores busy here). */
  loadAverage: number;
  /** Warnings and errors the app logged, and the first few. */
  logged: { count: number; first: string[] };
};

/** Most intervals open at once; an interval ending when another starts does not overlap it. */
function peakOverlap(intervals: readonly (readonly [number, number])[]): number {
  const events = intervals.flatMap(([start, end]) => [
    [start, 1],
    [end, -1],
  ]);
  events.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
  let open = 0;
  let peak = 0;
  for (const [, step] of events) {
    open += step ?? 0;
    peak = Math.max(peak, open);
  }
  return peak;
}

export type FixtureAddress = {
  dnsServer: string;
  httpPort: number;
  httpsPort: number;
  smtpPort: number;
  ca: string;
};
type FixtureReport = { questions: number; domainsAsked: number; peakDomains: number };

/**
 * In the child: the fixture internet for `count` copies of good.test, its address as a JSON line
 * on stdout; a line `report` on stdin answers what the DNS server saw; stdin's end stops it.
 */
async function serveFixtures(count: number, delayMs: number): Promise<void> {
  const ca = createTestCa();
  const world = buildWorld(ca);
  const ofGood = (name: string) => name === 'good.test' || name.endsWith('.good.test');
  const goodRecords = Object.fromEntries(
    Object.entries(world.dns.records).filter(([name]) => ofGood(name)),
  );
  const goodSites = Object.fromEntries(
    Object.entries(world.sites).filter(([name]) => ofGood(name)),
  );
  // good.test's records and sites have no functions: JSON copies them whole under the new name.
  const renamed = <T>(value: T, domain: string): T =>
    JSON.parse(
      JSON.stringify(value).replaceAll('mx.good.test', MAIL_HOST).replaceAll('good.test', domain),
    );
  const records: Record<string, FixtureRecords> = {
    '_spf.provider.test': world.dns.records['_spf.provider.test'] ?? {},
  };
  const sites: Record<string, FixtureSite> = {};
  const dnssec: Record<string, 'secure'> = {};
  const domains = Array.from({ length: count }, (_, i) => domainName(i));
  for (let from = 0; from < count; from += DOMAINS_PER_CERTIFICATE) {
    const group = domains.slice(from, from + DOMAINS_PER_CERTIFICATE);
    const certificate = ca.issue(group.flatMap((d) => [d, `www.${d}`, `mta-sts.${d}`]));
    for (const domain of group) {
      Object.assign(records, renamed(goodRecords, domain));
      for (const [name, site] of Object.entries(renamed(goodSites, domain))) {
        sites[name] = { ...site, certificate };
      }
      dnssec[domain] = 'secure';
    }
  }
  const mailCertificate = ca.issue([MAIL_HOST]);

  // When each domain's first question came and its last answer went.
  const asked = new Map<string, [number, number]>();
  const ofDomain = /(?:^|\.)(org\d+\.test)$/;
  const seen = (name: string) => {
    const domain = ofDomain.exec(name)?.[1];
    if (!domain) return;
    const now = performance.now();
    const span = asked.get(domain);
    if (span) span[1] = now + delayMs;
    else asked.set(domain, [now, now + delayMs]);
  };
  const [dns, web, smtp] = await Promise.all([
    startDnsFixture({
      records,
      dnssec,
      delayMs: (name) => {
        seen(name);
        return delayMs;
      },
    }),
    startWebFixture({ sites, defaultCertificate: mailCertificate, delayMs }),
    startSmtpFixture({ mode: 'starttls', certificate: mailCertificate, delayMs }),
  ]);
  const address: FixtureAddress = {
    dnsServer: dns.server,
    httpPort: web.httpPort,
    httpsPort: web.httpsPort,
    smtpPort: smtp.port,
    ca: ca.cert,
  };
  console.log(JSON.stringify(address));
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'report') continue;
    const report: FixtureReport = {
      questions: dns.questions.length,
      domainsAsked: asked.size,
      peakDomains: peakOverlap([...asked.values()]),
    };
    console.log(JSON.stringify(report));
  }
  await Promise.all([dns.close(), web.close(), smtp.close()]);
  ca.dispose();
}

/** Starts the fixtures in a child process (this file, CHILD_FLAG); `report()` asks what it saw. */
export async function startFixtureProcess(count: number, delayMs: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'bench/watch-scans.ts'),
      CHILD_FLAG,
      String(count),
      String(delayMs),
    ],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[
    Symbol.asyncIterator
  ]();
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the fixture process exited (${code}):\n${stderr}`)),
    ),
  );
  exited.catch(() => {});
  const nextLine = async <T>(): Promise<T> => {
    const line = await Promise.race([lines.next(), exited]);
    if (line.done) throw new Error(`the fixture process closed its output:\n${stderr}`);
    return JSON.parse(line.value) as T;
  };
  const address = await nextLine<FixtureAddress>();
  return {
    address,
    report: async () => {
      child.stdin?.write('report\n');
      return nextLine<FixtureReport>();
    },
    stop: async () => {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.stdin?.end();
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      child.kill('SIGKILL');
      process.off('exit', killChild);
    },
  };
}

/** What the scanner is given: the fixtures, with the limits `startScanFixtures` sets for a delay. */
function scannerFor(address: FixtureAddress, delayMs: number): ScannerOverrides {
  return {
    dnsServers: [address.dnsServer],
    allowPrivate: true,
    ca: address.ca,
    ports: { http: address.httpPort, https: address.httpsPort, smtp: address.smtpPort },
    timeouts: {
      dnsMs: 5_000 + delayMs * 2,
      dnsTries: 3,
      probeMs: 3_000 + delayMs * 4,
      smtpMs: 3_000 + delayMs * 6,
      scanMs: 20_000 + delayMs * 20,
    },
  };
}

/** The app's logger at `warn`, counting what it logs and keeping the first few lines. */
function countingLog() {
  const logged = { count: 0, first: [] as string[] };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.count += 1;
      if (logged.first.length < 5) {
        const { msg, err } = JSON.parse(chunk.toString()) as {
          msg?: string;
          err?: { message?: string };
        };
        logged.first.push(err?.message ? `${msg}: ${err.message}` : String(msg));
      }
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'warn', stream } }).log, logged };
}

type Row = Record<string, unknown>;

/**
 * Creates a database (through `pgAdminUrl`, dropped afterwards) with `domains` registered
 * organisations, makes every watched name due, queues them with one call of queueDueScans and
 * waits until every job has ended.
 */
export async function measureWatchScans(
  pgAdminUrl: string,
  settings = { domains: WATCH_DOMAINS, concurrency: WATCH_CONCURRENCY },
): Promise<WatchScanFigures> {
  const { domains, concurrency } = settings;
  const name = `castellan_bench_watch_${process.pid}`;
  const admin = (sql: string) => adminQuery(pgAdminUrl, sql);
  const fixtures = await startFixtureProcess(domains, DELAY_MS);
  try {
    await admin(`create database "${name}"`);
    try {
      return await measureOn(databaseUrlOf(pgAdminUrl, name), fixtures, domains, concurrency);
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await fixtures.stop();
  }
}

async function measureOn(
  databaseUrl: string,
  fixtures: Awaited<ReturnType<typeof startFixtureProcess>>,
  domains: number,
  concurrency: number,
): Promise<WatchScanFigures> {
  const database = await openDatabase({ databaseUrl });
  const rows = async (sql: string, values?: unknown[]) =>
    (await database.executeSql(sql, values)).rows as Row[];
  try {
    // The trigger of migration 0026 adds each organisation's own domain to its watch.
    await rows(
      `insert into organizations (id, domain, status)
       select * from unnest($1::uuid[], $2::text[], $3::organization_status[])`,
      [
        Array.from({ length: domains }, () => randomUUID()),
        Array.from({ length: domains }, (_, i) => domainName(i)),
        Array.from({ length: domains }, () => 'REGISTERED'),
      ],
    );
    const [spread] = await rows(
      `select count(*)::int as minutes, max(n)::int as most,
              round(extract(epoch from min(m) - now()) / 60)::int as first,
              round(extract(epoch from max(m) - now()) / 60)::int as last
       from (select date_trunc('minute', next_scan_at) as m, count(*) as n
             from watch_targets group by 1) as per_minute`,
    );
    await rows(`update watch_targets set next_scan_at = now() - interval '1 minute'`);

    const config = loadConfig({
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      SCAN_ALLOW_PRIVATE: '1',
      WATCH_SCAN_CONCURRENCY: String(concurrency),
    });
    const { log, logged } = countingLog();
    const jobs = await startJobs(database, config, log, {
      scanner: scannerFor(fixtures.address, DELAY_MS),
    });
    try {
      collectGarbage();
      const startRss = process.memoryUsage.rss();
      const startHeap = getHeapStatistics().used_heap_size;
      let peakRss = startRss;
      let peakHeap = startHeap;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
      }, SAMPLE_MS);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      let deadline: NodeJS.Timeout | undefined;
      try {
        const { queued, skipped } = await queueDueScans(database.db, jobs.scans, new Date());
        const queueMs = performance.now() - started;
        await Promise.race([
          jobs.drained(),
          new Promise((_, reject) => {
            deadline = setTimeout(
              () => reject(new Error(`scans still running after ${DEADLINE_MS / 60_000} minutes`)),
              DEADLINE_MS,
            );
          }),
        ]);
        const wallMs = performance.now() - started;
        const cpu = process.cpuUsage(cpuBefore);
        clearInterval(sampler);
        collectGarbage();
        const retained = getHeapStatistics().used_heap_size - startHeap;

        const states = Object.fromEntries(
          (await rows(`select state, count(*)::int as n from domain_scans group by state`)).map(
            (r) => [String(r.state), Number(r.n)],
          ),
        );
        const grades = Object.fromEntries(
          (
            await rows(
              `select coalesce(report->>'grade', '–') as grade, count(*)::int as n
               from domain_scans where state = 'done' group by 1 order by 1`,
            )
          ).map((r) => [String(r.grade), Number(r.n)]),
        );
        const unexpected = (
          await rows(
            `select f->>'id' as id, f->>'status' as status, count(*)::int as scans,
                    min(f->>'evidence') as evidence
             from domain_scans, jsonb_array_elements(report->'findings') as f
             where f->>'status' in ('fail', 'not-tested') group by 1, 2 order by 3 desc`,
          )
        ).map((r) => ({
          id: String(r.id),
          status: String(r.status),
          scans: Number(r.scans),
          evidence: String(r.evidence),
        }));
        // Completed jobs stay in pgboss.job for hours; the archive is read too, to be sure.
        const jobRows = await rows(
          `select extract(epoch from started_on) * 1000 as s,
                  extract(epoch from completed_on) * 1000 as e, retry_count as retries
           from pgboss.job where name = $1
           union all
           select extract(epoch from started_on) * 1000,
                  extract(epoch from completed_on) * 1000, retry_count
           from pgboss.archive where name = $1`,
          [WATCH_SCAN_QUEUE],
        );
        const spans = jobRows
          .filter((r) => r.s !== null && r.e !== null)
          .map((r) => [Number(r.s), Number(r.e)] as const);
        const durations = spans.map(([s, e]) => e - s);
        const medianJob = median(durations);
        const seen = await fixtures.report();
        return {
          domains,
          limit: config.watch.scanConcurrency,
          delayMs: DELAY_MS,
          spread: {
            minutes: Number(spread?.minutes),
            mostInAMinute: Number(spread?.most),
            firstInMinutes: Number(spread?.first),
            lastInMinutes: Number(spread?.last),
          },
          queued,
          skipped,
          queueMs: Math.round(queueMs),
          wallMs: Math.round(wallMs),
          scansPerMinute: round((domains / wallMs) * 60_000),
          states,
          grades,
          unexpected,
          jobs: {
            count: jobRows.length,
            retried: jobRows.filter((r) => Number(r.retries) > 0).length,
            medianMs: Math.round(medianJob),
            slowestMs: Math.round(Math.max(0, ...durations)),
          },
          peakJobs: peakOverlap(spans),
          peakSeenByFixture: seen.peakDomains,
          floorMs: Math.round(Math.ceil(domains / concurrency) * medianJob),
          questionsPerScan: round(seen.questions / domains),
          domainsAsked: seen.domainsAsked,
          cpuMs: Math.round((cpu.user + cpu.system) / 1000),
          startRssMb: round(startRss / MB),
          peakRssMb: round(peakRss / MB),
          startHeapMb: round(startHeap / MB),
          peakHeapMb: round(peakHeap / MB),
          retainedMb: round(retained / MB),
          loadAverage: round(os.loadavg()[0] ?? 0),
          logged,
        };
      } finally {
        clearInterval(sampler);
        clearTimeout(deadline);
      }
    } finally {
      await jobs.stop();
    }
  } finally {
    await database.close();
  }
}

/** What makes the run a failure: more scans at once than the limit, or scans not all done. */
export function watchScanProblems(f: WatchScanFigures): string[] {
  const problems: string[] = [];
  const peak = Math.max(f.peakJobs, f.peakSeenByFixture);
  if (peak > f.limit) {
    problems.push(
      `${peak} scans ran at once (jobs: ${f.peakJobs}, seen by the fixtures: ${f.peakSeenByFixture}), above WATCH_SCAN_CONCURRENCY=${f.limit}`,
    );
  }
  if (f.queued !== f.domains) problems.push(`${f.queued} scans queued of ${f.domains}`);
  if (f.domainsAsked !== f.domains) {
    problems.push(`the fixture was asked about ${f.domainsAsked} domains of ${f.domains}`);
  }
  const done = f.states.done ?? 0;
  if (done !== f.domains) {
    problems.push(`${done} scans done of ${f.domains} (${JSON.stringify(f.states)})`);
  }
  return problems;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function watchScanTable(f: WatchScanFigures): string[][] {
  return [
    [
      '  Domains',
      'Wall',
      'Scans/min',
      'Peak at once (limit)',
      'Job median / slowest',
      'Floor',
      'CPU',
      'Peak RSS',
      'Peak heap',
      'Kept after GC',
    ],
    [
      `  ${f.domains}`,
      seconds(f.wallMs),
      f.scansPerMinute.toFixed(1),
      `${f.peakJobs} jobs, ${f.peakSeenByFixture} seen by DNS (${f.limit})`,
      `${seconds(f.jobs.medianMs)} / ${seconds(f.jobs.slowestMs)}`,
      seconds(f.floorMs),
      seconds(f.cpuMs),
      `${f.peakRssMb} MB (${f.startRssMb} MB at start)`,
      `${f.peakHeapMb} MB (${f.startHeapMb} MB at start)`,
      `${f.retainedMb} MB`,
    ],
  ];
}

export function watchScanSummary(f: WatchScanFigures): string[] {
  const grades = Object.entries(f.grades)
    .map(([grade, n]) => `${n} ${grade}`)
    .join(', ');
  return [
    `  queueDueScans queued ${f.queued} (skipped ${f.skipped}) in ${seconds(f.queueMs)}; scans by state: ${JSON.stringify(f.states)}; grades: ${grades}.`,
    ...(f.unexpected.length > 0
      ? [
          `  Findings failed or not tested: ${f.unexpected.map((u) => `${u.id} (${u.status}) in ${u.scans}, e.g. "${u.evidence}"`).join('; ')}.`,
        ]
      : []),
    `  ${f.jobs.count} watch-scan jobs (${f.jobs.retried} retried); ${f.questionsPerScan} DNS questions per scan (about ${f.domainsAsked} domains); floor: ${Math.ceil(f.domains / f.limit)} rounds of ${f.limit} × the median job.`,
    `  Before the bench made them due, the trigger had spread the ${f.domains} first scans over ${f.spread.minutes} minutes (at most ${f.spread.mostInAMinute} in one), ${f.spread.firstInMinutes} to ${f.spread.lastInMinutes} minutes ahead.`,
    `  Load average at the end: ${f.loadAverage} (${os.cpus().length} CPUs). The app logged ${f.logged.count} warnings or errors${f.logged.first.length > 0 ? `: ${f.logged.first.join('; ')}` : '.'}`,
  ];
}

if (process.argv[2] === CHILD_FLAG) {
  await serveFixtures(Number(process.argv[3]), Number(process.argv[4]));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./provider-read');
  const figures = await measureWatchScans(
    process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    watchScanSettings(),
  );
  printTable(watchScanTable(figures));
  for (const line of watchScanSummary(figures)) console.log(line);
  const problems = watchScanProblems(figures);
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}
