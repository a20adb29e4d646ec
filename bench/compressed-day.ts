// A day of scheduled work for many organisations, compressed in time, run by one worker process
// and then by two (ROLE=worker, the built server), against the fakes: each organisation's domain
// scanned once (on the fixture internet of watch-scans.ts), its Bitwarden synced every six hours
// (on the fake Bitwarden) and its hourly nudge run (its people's mail to the outbox). The bench
// plays the clock: it queues each piece of work, through the app's own senders, at its moment of
// the compressed day, spread as the app spreads them (each organisation at its own moment of the
// period), and reads from pg-boss's rows when each job could start, started and ended.
// Reports jobs per minute per worker, the queue delay (started − could start) p50 and p99, and
// whether every organisation got its scan, its four syncs and its 24 nudge runs.
// Run alone: `npx tsx bench/compressed-day.ts` (BENCH_PG_URL as for `npm run bench`;
// BENCH_DAY_ORGANIZATIONS, BENCH_DAY_MEMBERS, BENCH_DAY_MINUTES, BENCH_DAY_WORKERS).

import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startJobs } from '../apps/server/src/jobs';
import { WATCH_SCAN_QUEUE } from '../apps/server/src/jobs/domain-scans';
import { INTEGRATION_SYNC_QUEUE } from '../apps/server/src/jobs/integration-syncs';
import { MAIL_SEND_QUEUE } from '../apps/server/src/jobs/mail-sends';
import { NUDGE_RUN_QUEUE, NUDGE_SPREAD_SECONDS } from '../apps/server/src/jobs/nudge-runs';
import { NUDGE_SEND_QUEUE } from '../apps/server/src/jobs/nudge-sends';
import { SecretBox } from '../apps/server/src/lib/secret-box';
import { queueDueScans } from '../apps/server/src/modules/watch/due-scans';
import { silentLog } from '../apps/server/test/silent-log';
import { adminQuery, databaseUrlOf } from './admin-database';
import { GENERATED_SUFFIX, generateOrganizations } from './many-organizations';
import { control, median, round, startFakeProcess } from './provider-read';
import { type RunningServer, repoRoot, startServer } from './server-process';
import { type FixtureAddress, startFixtureProcess } from './watch-scans';

export type DaySettings = {
  organizations: number;
  membersPerOrganization: number;
  /** The 24 hours pass in this many minutes. */
  dayMinutes: number;
  /** The runs: how many worker processes each has. */
  workers: number[];
};

/**
 * 200 organisations' day in 10 minutes comes to the job rate of 28,800 organisations' real day,
 * within what the 2-core machine carries; 1,000 in 10 minutes saturates it.
 */
export const DAY_DEFAULTS: DaySettings = {
  organizations: 200,
  membersPerOrganization: 10,
  dayMinutes: 10,
  workers: [1, 2],
};

/** Every answer of the fixture internet delayed this long, as in the watch's bench. */
const DELAY_MS = 100;
const SYNCS_PER_DAY = 4;
const HOURS = 24;
/** How often the bench looks at what has fallen due, in real time. */
const TICK_MS = 500;
/** After the day, how long the workers may take to finish what was queued, at most. */
const DRAIN_LIMIT_FACTOR = 2;
/** The simulated day: Monday 7 December 2026, 00:00 UTC (people at work 09:00–17:00 UTC). */
const DAY_START = Date.parse('2026-12-07T00:00:00Z');
const DAY_MS = 24 * 3_600_000;
/** The day's queues, and those their jobs hand work to. */
const SCHEDULED = [WATCH_SCAN_QUEUE, INTEGRATION_SYNC_QUEUE, NUDGE_RUN_QUEUE] as const;
const FOLLOW_ON = [NUDGE_SEND_QUEUE, MAIL_SEND_QUEUE] as const;

export function daySettings(env: NodeJS.ProcessEnv = process.env): DaySettings {
  const positive = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
  };
  const workers = (env.BENCH_DAY_WORKERS ?? DAY_DEFAULTS.workers.join(','))
    .split(',')
    .map((w) => Number(w.trim()));
  if (workers.some((w) => !Number.isInteger(w) || w <= 0)) {
    throw new Error('BENCH_DAY_WORKERS must be whole numbers separated by commas, e.g. 1,2');
  }
  return {
    organizations: Math.round(positive('BENCH_DAY_ORGANIZATIONS', DAY_DEFAULTS.organizations)),
    membersPerOrganization: Math.round(
      positive('BENCH_DAY_MEMBERS', DAY_DEFAULTS.membersPerOrganization),
    ),
    dayMinutes: positive('BENCH_DAY_MINUTES', DAY_DEFAULTS.dayMinutes),
    workers,
  };
}

type QueueFigures = {
  queue: string;
  jobs: number;
  completed: number;
  failed: number;
  /** Started − could start (start_after), in real milliseconds. */
  delayP50Ms: number;
  delayP99Ms: number;
  runP50Ms: number;
};

export type DayRunFigures = {
  workers: number;
  /** Real time from the day's start until the last of its jobs ended. */
  wallMs: number;
  /** Every job of the day's queues and of those they hand work to. */
  queues: QueueFigures[];
  /** Completed jobs ÷ wall minutes ÷ workers. */
  jobsPerMinutePerWorker: number;
  /** Of the scheduled queues only (scans, syncs, nudge runs). */
  delayP99Ms: number;
  /** Requests to queue work the stately queues declined (the previous one not started yet). */
  declined: { syncs: number; nudgeRuns: number };
  /** Organisations that got all their work, and what the others missed. */
  served: {
    organizations: number;
    scanned: number;
    syncedFourTimes: number;
    nudged24: number;
    /** The day's organisation-hours: run, or declined because that organisation's run waited. */
    nudgeHours: { ran: number; declined: number; of: number };
  };
  /** CPU seconds of each worker process over the run. */
  workerCpuSeconds: number[];
  /** pg-boss's tables (jobs kept 12 hours, then archived for 7 days), per job row they hold. */
  bytesPerJobRow: number;
  loadAverage: number;
};

export type DayFigures = {
  settings: DaySettings;
  seedSeconds: number;
  rows: Record<string, number>;
  runs: DayRunFigures[];
};

/** A stable moment in [0, 1) for an organisation: its own time in every period, as the app's. */
function phaseOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

/** CPU seconds a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return ticks / 100;
}

/**
 * The generated organisations, renamed onto the fixture internet's domains (org0001.test, …), each
 * with its Bitwarden connected with the fake's key (sealed as the app seals it).
 */
async function seed(
  url: string,
  settings: DaySettings,
  key: { clientId: string; clientSecret: string },
  encryptionKey: Buffer,
): Promise<Record<string, number>> {
  const rows = await generateOrganizations(url, {
    organizations: settings.organizations,
    membersPerOrganization: settings.membersPerOrganization,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // org-7.generated.example → org0007.test: the fixture internet's names (watch-scans.ts).
    const renamed = (column: string) => {
      const n = `substring(${column} from 'org-(\\d+)')`;
      return `'org' || lpad(${n}, greatest(4, length(${n})), '0') || '.test'`;
    };
    await client.query(
      `update watch_targets t set name = ${renamed('o.domain')}
       from organizations o where o.id = t.organization_id and t.name = o.domain
         and o.domain like '%' || $1`,
      [GENERATED_SUFFIX],
    );
    await client.query(
      `update organizations set domain = ${renamed('domain')} where domain like '%' || $1`,
      [GENERATED_SUFFIX],
    );
    const { rows: organizations } = await client.query<{ id: string }>(
      `select id from organizations where domain like 'org%.test'`,
    );
    const box = new SecretBox(encryptionKey);
    const credentials = JSON.stringify({ ...key, region: 'us' });
    const inserted = await client.query(
      `insert into integrations (organization_id, integration_id, status, access_token_sealed,
                                 last_scan, account_id)
       select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[],
                            $6::text[])`,
      [
        organizations.map((o) => o.id),
        organizations.map(() => 'bitwarden'),
        organizations.map(() => 'connected'),
        organizations.map((o) => box.seal(credentials, `${o.id}/bitwarden`)),
        organizations.map(() => new Date()),
        organizations.map(() => key.clientId.replace(/^organization\./, '')),
      ],
    );
    rows.integrations = inserted.rowCount ?? 0;
    return rows;
  } finally {
    await client.end();
  }
}

type Rows = <T>(sql: string, values?: unknown[]) => Promise<T[]>;

/** Waits until no job of the day's queues is waiting or running; throws past `deadline`. */
async function untilQuiet(rows: Rows, deadline: number): Promise<void> {
  for (;;) {
    const [left] = await rows<{ n: number }>(
      `select count(*)::int as n from pgboss.job
       where name = any($1) and state in ('created', 'retry', 'active')`,
      [[...SCHEDULED, ...FOLLOW_ON]],
    );
    if (Number(left?.n) === 0) return;
    if (Date.now() > deadline) throw new Error(`${left?.n} jobs still waiting or running`);
    await sleep(TICK_MS);
  }
}

type Worker = RunningServer & { cpuAtStart: number };

async function startWorkers(count: number, env: Record<string, string>): Promise<Worker[]> {
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = await startServer(env);
      workers.push({ ...server, cpuAtStart: cpuSeconds(server.pid) });
    }
    return workers;
  } catch (err) {
    await Promise.allSettled(workers.map((w) => w.stop()));
    throw err;
  }
}

/** One compressed day on the database at `url`, worked by `workerCount` worker processes. */
async function runDay(
  url: string,
  settings: DaySettings,
  workerCount: number,
  workerEnv: Record<string, string>,
): Promise<DayRunFigures> {
  const dayMs = settings.dayMinutes * 60_000;
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    ENCRYPTION_KEY: workerEnv.ENCRYPTION_KEY,
    DEMO_DATA: '0',
  });
  const database = await openDatabase({ databaseUrl: url, migrate: false });
  const rows: Rows = async <T>(sql: string, values?: unknown[]) =>
    (await database.executeSql(sql, values)).rows as T[];
  try {
    const organizations = await rows<{ id: string }>(
      `select id from organizations where domain like 'org%.test' order by domain`,
    );
    // Nothing of theirs falls due while the workers start.
    await rows(`update watch_targets set next_scan_at = now() + interval '2 days'`);
    const workers = await startWorkers(workerCount, workerEnv);
    // The bench plays the hours: the workers' own hourly schedule would add real hours' runs,
    // spread over a real hour, to the compressed ones.
    await rows(`delete from pgboss.schedule where name = 'nudges'`);
    // The bench's own senders: the app's queues, worked by none of this process, with the hour's
    // spread of the nudge runs compressed as the day is.
    const senders = await startJobs(database, config, silentLog(), {
      work: false,
      nudgeSpreadSeconds: (NUDGE_SPREAD_SECONDS * dayMs) / DAY_MS,
    });
    const declined = { syncs: 0, nudgeRuns: 0 };
    try {
      // A starting worker runs every organisation's nudges at once: the day begins after that.
      await untilQuiet(rows, Date.now() + 5 * 60_000);
      const started = Date.now() + 2_000;
      // Each organisation's scan at its own moment of the day, found by the app's own watch
      // schedule (queueDueScans) as the moment passes.
      await rows(
        `update watch_targets t set next_scan_at = d.at
         from unnest($1::uuid[], $2::timestamptz[]) as d(organization_id, at)
         where t.organization_id = d.organization_id`,
        [
          organizations.map((o) => o.id),
          organizations.map((o) => new Date(started + phaseOf(`scan ${o.id}`) * dayMs)),
        ],
      );
      const syncs = organizations
        .flatMap((o) =>
          Array.from({ length: SYNCS_PER_DAY }, (_, k) => ({
            at: started + ((phaseOf(`sync ${o.id}`) + k) / SYNCS_PER_DAY) * dayMs,
            organizationId: o.id,
          })),
        )
        .sort((a, b) => a.at - b.at);
      await sleep(Math.max(0, started - Date.now()));
      let nextSync = 0;
      let nextHour = 0;
      // The last look is at the day's very end, so that the work due in its last moments is sent.
      for (let ended = false; !ended; ) {
        const now = Math.min(Date.now(), started + dayMs);
        ended = now >= started + dayMs;
        for (; nextSync < syncs.length && (syncs[nextSync]?.at ?? Infinity) <= now; nextSync += 1) {
          const sync = syncs[nextSync];
          if (!sync) break;
          const { queued } = await senders.syncs.requestSync({
            organizationId: sync.organizationId,
            integrationId: 'bitwarden',
          });
          if (!queued) declined.syncs += 1;
        }
        for (; nextHour < HOURS && started + (nextHour / HOURS) * dayMs <= now; nextHour += 1) {
          const { organizations: nudging, queued } = await senders.nudgeRuns.queueAll(
            new Date(DAY_START + (nextHour / HOURS) * DAY_MS),
            { spread: true },
          );
          declined.nudgeRuns += nudging - queued;
        }
        await queueDueScans(database.db, senders.scans, new Date(now));
        if (!ended) await sleep(TICK_MS);
      }
      // Then the workers finish what was queued.
      const queues = [...SCHEDULED, ...FOLLOW_ON];
      await untilQuiet(rows, Date.now() + DRAIN_LIMIT_FACTOR * dayMs);
      const workerCpuSeconds = workers.map((w) => round(cpuSeconds(w.pid) - w.cpuAtStart));
      const jobRows = await rows<{
        name: string;
        state: string;
        delay: number | null;
        run: number | null;
        ended: number | null;
        organization: string | null;
        at: string | null;
      }>(
        `select name, state, data->>'organizationId' as organization, data->>'at' as at,
                extract(epoch from started_on - start_after) * 1000 as delay,
                extract(epoch from completed_on - started_on) * 1000 as run,
                extract(epoch from completed_on) * 1000 as ended
         from pgboss.job where name = any($1) and created_on >= to_timestamp($2::float8 / 1000)
         union all
         select name, state, data->>'organizationId', data->>'at',
                extract(epoch from started_on - start_after) * 1000,
                extract(epoch from completed_on - started_on) * 1000,
                extract(epoch from completed_on) * 1000
         from pgboss.archive where name = any($1) and created_on >= to_timestamp($2::float8 / 1000)`,
        [queues, started],
      );
      const lastEnded = Math.max(started, ...jobRows.map((r) => Number(r.ended ?? 0)));
      const wallMs = lastEnded - started;
      const queueFigures = queues.map((queue): QueueFigures => {
        const of = jobRows.filter((r) => r.name === queue);
        const delays = of.filter((r) => r.delay !== null).map((r) => Number(r.delay));
        return {
          queue,
          jobs: of.length,
          completed: of.filter((r) => r.state === 'completed').length,
          failed: of.filter((r) => r.state === 'failed').length,
          delayP50Ms: Math.round(percentile(delays, 0.5)),
          delayP99Ms: Math.round(percentile(delays, 0.99)),
          runP50Ms: Math.round(median(of.filter((r) => r.run !== null).map((r) => Number(r.run)))),
        };
      });
      const completed = jobRows.filter((r) => r.state === 'completed').length;
      const scheduledDelays = jobRows
        .filter((r) => (SCHEDULED as readonly string[]).includes(r.name) && r.delay !== null)
        .map((r) => Number(r.delay));
      // Per organisation, the distinct runs completed: a sync each, a nudge run each simulated
      // hour (the workers' own schedule also runs the real hour; those are not the day's).
      const completedBy = (queue: string, ofTheDay: (r: (typeof jobRows)[number]) => boolean) => {
        const runs = new Map<string, Set<string>>();
        jobRows.forEach((r, i) => {
          if (r.name !== queue || r.state !== 'completed' || !r.organization || !ofTheDay(r))
            return;
          const of = runs.get(r.organization) ?? new Set<string>();
          of.add(r.at ?? String(i));
          runs.set(r.organization, of);
        });
        return new Map([...runs].map(([id, set]) => [id, set.size]));
      };
      const [scanned] = await rows<{ n: number }>(
        `select count(distinct s.organization_id)::int as n from domain_scans s
         join organizations o on o.id = s.organization_id
         where o.domain like 'org%.test' and s.state = 'done'
           and s.started_at >= to_timestamp($1::float8 / 1000)`,
        [started],
      );
      // pg-boss 10 partitions its job table by queue: the sizes are the partitions'.
      const [jobTables] = await rows<{ bytes: string; n: number }>(
        `select (select coalesce(sum(pg_total_relation_size(inhrelid)), 0)
                 from pg_inherits where inhparent = 'pgboss.job'::regclass)
                + pg_total_relation_size('pgboss.archive') as bytes,
                (select count(*) from pgboss.job)::int + (select count(*) from pgboss.archive)::int as n`,
      );
      const synced = completedBy(INTEGRATION_SYNC_QUEUE, () => true);
      const dayEnd = DAY_START + DAY_MS;
      const nudged = completedBy(NUDGE_RUN_QUEUE, (r) => {
        const at = Date.parse(r.at ?? '');
        return at >= DAY_START && at < dayEnd;
      });
      return {
        workers: workerCount,
        wallMs,
        queues: queueFigures,
        jobsPerMinutePerWorker: round(completed / (wallMs / 60_000) / workerCount),
        delayP99Ms: Math.round(percentile(scheduledDelays, 0.99)),
        declined,
        served: {
          organizations: organizations.length,
          scanned: Number(scanned?.n ?? 0),
          syncedFourTimes: organizations.filter((o) => (synced.get(o.id) ?? 0) >= SYNCS_PER_DAY)
            .length,
          nudged24: organizations.filter((o) => (nudged.get(o.id) ?? 0) >= HOURS).length,
          nudgeHours: {
            ran: [...nudged.values()].reduce((sum, n) => sum + Math.min(n, HOURS), 0),
            declined: declined.nudgeRuns,
            of: organizations.length * HOURS,
          },
        },
        workerCpuSeconds,
        bytesPerJobRow: Math.round(Number(jobTables?.bytes) / Math.max(1, Number(jobTables?.n))),
        loadAverage: round(os.loadavg()[0] ?? 0),
      };
    } finally {
      await senders.stop();
      await Promise.allSettled(workers.map((w) => w.stop()));
    }
  } finally {
    await database.close();
  }
}

/**
 * Seeds a template database once (through `pgAdminUrl`), then for each worker count runs the
 * compressed day on a fresh copy of it; every database is dropped afterwards.
 */
export async function measureCompressedDay(
  pgAdminUrl: string,
  settings: DaySettings = DAY_DEFAULTS,
): Promise<DayFigures> {
  const template = `castellan_bench_day_${process.pid}`;
  const work = mkdtempSync(path.join(os.tmpdir(), 'castellan-day-'));
  const fixtures = await startFixtureProcess(settings.organizations, DELAY_MS);
  const bitwarden = await startFakeProcess('bitwarden', {});
  try {
    await control(bitwarden.url, 'POST', '/__fake/rate-limit', { off: true });
    const { organization } = await control<{
      organization: { id: string; clientSecret: string };
    }>(bitwarden.url, 'GET', '/__fake/organization');
    const key = {
      clientId: `organization.${organization.id}`,
      clientSecret: organization.clientSecret,
    };
    const encryptionKey = randomBytes(32);
    const caFile = path.join(work, 'fixture-ca.pem');
    writeFileSync(caFile, fixtures.address.ca);
    const workerEnv = workerSettings(fixtures.address, {
      ENCRYPTION_KEY: encryptionKey.toString('base64'),
      BITWARDEN_API_BASE_URL: bitwarden.url,
      NODE_EXTRA_CA_CERTS: caFile,
      DATA_DIR: work,
    });

    await adminQuery(pgAdminUrl, `create database "${template}"`);
    try {
      const templateUrl = databaseUrlOf(pgAdminUrl, template);
      execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { cwd: repoRoot });
      execFileSync(process.execPath, ['apps/server/dist/main.js', 'migrate'], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: templateUrl, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      console.error(
        `… generating ${settings.organizations.toLocaleString('en')} organisations of ${settings.membersPerOrganization} members`,
      );
      const seeding = performance.now();
      const rows = await seed(templateUrl, settings, key, encryptionKey);
      const seedSeconds = round((performance.now() - seeding) / 1000);
      const runs: DayRunFigures[] = [];
      for (const workers of settings.workers) {
        const name = `${template}_${workers}`;
        await adminQuery(pgAdminUrl, `create database "${name}" template "${template}"`);
        try {
          console.error(`… a day in ${settings.dayMinutes} minutes with ${workers} worker(s)`);
          await control(bitwarden.url, 'DELETE', '/__fake/requests');
          runs.push(
            await runDay(databaseUrlOf(pgAdminUrl, name), settings, workers, {
              ...workerEnv,
              DATABASE_URL: databaseUrlOf(pgAdminUrl, name),
            }),
          );
        } finally {
          await adminQuery(pgAdminUrl, `drop database if exists "${name}" with (force)`);
        }
      }
      return { settings, seedSeconds, rows, runs };
    } finally {
      await adminQuery(pgAdminUrl, `drop database if exists "${template}" with (force)`);
    }
  } finally {
    bitwarden.child.kill('SIGTERM');
    await fixtures.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** A worker of the built server, its scanner on the fixture internet, its jobs only. */
function workerSettings(address: FixtureAddress, extra: Record<string, string>) {
  return {
    ROLE: 'worker',
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    SCAN_DNS_SERVERS: address.dnsServer,
    SCAN_HTTP_PORT: String(address.httpPort),
    SCAN_HTTPS_PORT: String(address.httpsPort),
    SCAN_SMTP_PORT: String(address.smtpPort),
    SCAN_ALLOW_PRIVATE: '1',
    ...extra,
  };
}

/** What makes the run a failure: an organisation not served, or jobs that failed. */
export function dayProblems(f: DayFigures): string[] {
  return f.runs.flatMap((run) => {
    const problems: string[] = [];
    const { served } = run;
    for (const [what, n] of [
      ['scanned', served.scanned],
      [`synced ${SYNCS_PER_DAY} times`, served.syncedFourTimes],
    ] as const) {
      if (n !== served.organizations) {
        problems.push(
          `${run.workers} worker(s): ${n} of ${served.organizations} organisations ${what}`,
        );
      }
    }
    const hours = served.nudgeHours;
    if (hours.ran + hours.declined < hours.of) {
      problems.push(
        `${run.workers} worker(s): of ${hours.of} organisation-hours, ${hours.ran} nudge runs ran and ${hours.declined} were declined as one was waiting`,
      );
    }
    for (const q of run.queues) {
      if (q.failed > 0)
        problems.push(`${run.workers} worker(s): ${q.failed} ${q.queue} jobs failed`);
    }
    return problems;
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function dayTable(f: DayFigures): string[][] {
  const header = ['  Workers', 'Queue', 'Jobs', 'Completed', 'Delay p50', 'Delay p99', 'Run p50'];
  return [
    header,
    ...f.runs.flatMap((run) =>
      run.queues.map((q) => [
        `  ${run.workers}`,
        q.queue,
        String(q.jobs),
        String(q.completed),
        seconds(q.delayP50Ms),
        seconds(q.delayP99Ms),
        seconds(q.runP50Ms),
      ]),
    ),
  ];
}

export function daySummary(f: DayFigures): string[] {
  const { settings } = f;
  return [
    `  ${settings.organizations.toLocaleString('en')} organisations of ${settings.membersPerOrganization} members (seeded in ${f.seedSeconds} s), a day in ${settings.dayMinutes} minutes (${round(1440 / settings.dayMinutes)}× real time): each scanned once, its Bitwarden synced ${SYNCS_PER_DAY} times, its nudges run ${HOURS} times.`,
    ...f.runs.map(
      (run) =>
        `  ${run.workers} worker(s): ${run.jobsPerMinutePerWorker} jobs/min per worker over ${seconds(run.wallMs)}; queue delay p99 ${seconds(run.delayP99Ms)} (scans, syncs, nudge runs); served ${run.served.scanned}/${run.served.syncedFourTimes}/${run.served.nudged24} of ${run.served.organizations} (scanned/synced ${SYNCS_PER_DAY}×/nudge runs ${HOURS}×); declined as already queued: ${run.declined.syncs} syncs, ${run.declined.nudgeRuns} nudge runs; worker CPU ${run.workerCpuSeconds.map((s) => `${s} s`).join(' + ')}; pg-boss tables ${run.bytesPerJobRow} bytes per job row; load average ${run.loadAverage}.`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./provider-read');
  const figures = await measureCompressedDay(
    process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    daySettings(),
  );
  printTable(dayTable(figures));
  for (const line of daySummary(figures)) console.log(line);
  const problems = dayProblems(figures);
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}
