// How long the hourly nudge run (modules/nudges/daily-run.ts) takes over 200 organisations of 200
// signed-in members each on PostgreSQL, and the peak memory of the process running it: the first
// run, which starts every open task's clock, then a steady run an hour later that finds nothing
// new. Each run is timed in a child process of its own, so that its peak RSS is the run's (with
// the process's start-up), not the seeding's. The queue the run hands nudges to only counts them:
// this measures the run, not delivery (bench/slack-throughput.ts measures sending).
// Run alone: `npx tsx bench/nudge-run.ts` (BENCH_PG_URL as for `npm run bench`).

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DUE_DAYS } from '@castellan/contract';
import { CHECKS } from '@castellan/scanner';
// The run reaches the providers' routes (through the nudge channels), typed by the app's plugins.
import type {} from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { SecretBox } from '../apps/server/src/lib/secret-box';
import { judgeDevices } from '../apps/server/src/modules/devices/judge-devices';
import { UnsubscribeTokens } from '../apps/server/src/modules/mail/unsubscribe-token';
import type { NudgeContext } from '../apps/server/src/modules/nudges/context';
import { runNudges } from '../apps/server/src/modules/nudges/daily-run';
import { listNudgingOrganizations } from '../apps/server/src/modules/organizations/repository';
import { catalogueFor } from '../apps/server/src/modules/tasks/assignment';
import { CATALOGUE } from '../apps/server/src/modules/tasks/catalogue';
import { listTasks } from '../apps/server/src/modules/tasks/service';
import { silentLog } from '../apps/server/test/silent-log';
import { adminQuery, databaseUrlOf } from './admin-database';
import { MB, round } from './provider-read';
import { repoRoot } from './server-process';

export const NUDGE_ORGANIZATIONS = 200;
export const NUDGE_MEMBERS = 200;
const ADMINS = 3;
/** Monday 7 December 2026, 10:00 UTC (winter: London is on UTC). */
export const NUDGE_RUN_AT = new Date('2026-12-07T10:00:00Z');
const HOUR_MS = 3_600_000;
/**
 * Members' time zones, in turn (null: never given, so UTC). At 10:00 and 11:00 UTC on a Monday
 * London, Berlin, Kolkata and UTC are in working hours (09:00–17:00), New York and Tokyo are not.
 */
const ZONES = [
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Tokyo',
  null,
] as const;
const ORGANIZATIONS_PER_STATEMENT = 10;
const CHILD_FLAG = '--nudge-run-child';

/** What one run did, measured in its own process. */
export type NudgeRunTiming = {
  wallMs: number;
  /** CPU time of the process running it (the rest is waiting for PostgreSQL). */
  cpuMs: number;
  /** Highest RSS of the process: before the run (start-up, modules, pool), and in all. */
  startRssMb: number;
  peakRssMb: number;
  /** Used heap when the run starts, and the highest seen during it. */
  startHeapMb: number;
  peakHeapMb: number;
  organizations: number;
  nudges: number;
  summaries: number;
  clocksStarted: number;
  /** Nudges handed to the queue (a counting stub). */
  queued: number;
};

export type NudgeRunFigures = {
  organizations: number;
  members: number;
  membersInWorkingHours: number;
  /** Rows the seed wrote (completions and evidence) and how long seeding took. */
  seed: { completions: number; evidence: number; ms: number };
  /** Tasks listTasks returns over all organisations, and how they come about. */
  tasks: {
    total: number;
    individual: number;
    admin: number;
    individualPerMember: number;
    adminPerAdministrator: number;
    /** Open or snoozed with a due date by risk. */
    withDeadline: number;
    /** Their clocks: a member's own task each, an Admin task once for all its administrators. */
    clocks: number;
  };
  /** task_deadlines and nudges rows after both runs. */
  clockRows: number;
  nudgeRows: number;
  first: NudgeRunTiming;
  steady: NudgeRunTiming;
};

/** Deterministic 0–1 numbers, so every run benchmarks the same data. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** Inserts rows given as columns (one array each) in one statement, through unnest. */
async function insertColumns(
  database: Database,
  table: string,
  columns: readonly { name: string; type: string; values: unknown[] }[],
): Promise<void> {
  if ((columns[0]?.values.length ?? 0) === 0) return;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  await database.executeSql(
    `insert into "${table}" (${names}) select * from unnest(${arrays})`,
    columns.map((c) => c.values),
  );
}

/**
 * The organisations, their members (three administrators each, all signed in, time zones in
 * turn), about 40% of each member's own tasks and half the Admin tasks marked done, Google
 * Workspace's MFA verdict on everyone (30% failing) and the domain scan's on its Admin tasks.
 */
async function seed(database: Database): Promise<NudgeRunFigures['seed']> {
  const started = performance.now();
  const catalogue = catalogueFor(CATALOGUE, 'google', ['gws']);
  const individual = catalogue.filter((t) => t.scope === 'Individual');
  const adminTasks = catalogue.filter((t) => t.scope === 'Admin');
  const scanned = new Set<string>(Object.values(CHECKS).map((c) => c.taskId));
  const scannedAdmin = adminTasks.filter((t) => scanned.has(t.id));
  const next = random(42);
  const signedIn = new Date(NUDGE_RUN_AT.getTime() - 7 * 24 * HOUR_MS);
  let completions = 0;
  let evidence = 0;
  for (let from = 0; from < NUDGE_ORGANIZATIONS; from += ORGANIZATIONS_PER_STATEMENT) {
    const orgs = Array.from({ length: ORGANIZATIONS_PER_STATEMENT }, (_, k) => ({
      id: randomUUID(),
      domain: `nudges-${from + k}.example`,
    }));
    const people = orgs.flatMap((org) =>
      Array.from({ length: NUDGE_MEMBERS }, (_, i) => ({
        id: randomUUID(),
        organizationId: org.id,
        email: `${i < ADMINS ? 'admin' : 'member'}.${i}@${org.domain}`,
        role: i < ADMINS ? 'admin' : 'user',
        timeZone: ZONES[i % ZONES.length] ?? null,
      })),
    );
    const done = [
      ...people.flatMap((p) =>
        individual
          .filter(() => next() < 0.4)
          .map((t) => ({ org: p.organizationId, task: t, userId: p.id, by: p.id })),
      ),
      ...orgs.flatMap((org, k) =>
        adminTasks
          .filter(() => next() < 0.5)
          .map((t) => ({ org: org.id, task: t, userId: null, by: people[k * NUDGE_MEMBERS]?.id })),
      ),
    ];
    const verdicts = [
      ...people.map((p) => ({
        org: p.organizationId,
        task: 'enable-mfa',
        userId: p.id as string | null,
        source: 'gws',
        verdict: next() < 0.3 ? 'fail' : 'pass',
      })),
      ...orgs.flatMap((org) =>
        scannedAdmin.map((t) => ({
          org: org.id,
          task: t.id,
          userId: null,
          source: 'domain-scan',
          verdict: next() < 0.5 ? 'fail' : 'pass',
        })),
      ),
    ];
    await insertColumns(database, 'organizations', [
      { name: 'id', type: 'uuid', values: orgs.map((o) => o.id) },
      { name: 'domain', type: 'text', values: orgs.map((o) => o.domain) },
      { name: 'status', type: 'organization_status', values: orgs.map(() => 'REGISTERED') },
      { name: 'workspace', type: 'workspace_suite', values: orgs.map(() => 'google') },
    ]);
    await insertColumns(database, 'integrations', [
      { name: 'organization_id', type: 'uuid', values: orgs.map((o) => o.id) },
      { name: 'integration_id', type: 'text', values: orgs.map(() => 'gws') },
      { name: 'status', type: 'text', values: orgs.map(() => 'connected') },
      { name: 'last_scan', type: 'timestamptz', values: orgs.map(() => signedIn) },
    ]);
    await insertColumns(database, 'users', [
      { name: 'id', type: 'uuid', values: people.map((p) => p.id) },
      { name: 'organization_id', type: 'uuid', values: people.map((p) => p.organizationId) },
      { name: 'email', type: 'text', values: people.map((p) => p.email) },
      { name: 'first_name', type: 'text', values: people.map((_, i) => `Person${i}`) },
      { name: 'last_name', type: 'text', values: people.map(() => 'Bench') },
      { name: 'role', type: 'user_role', values: people.map((p) => p.role) },
      { name: 'time_zone', type: 'text', values: people.map((p) => p.timeZone) },
      { name: 'last_sign_in_at', type: 'timestamptz', values: people.map(() => signedIn) },
    ]);
    await insertColumns(database, 'task_completions', [
      { name: 'organization_id', type: 'uuid', values: done.map((d) => d.org) },
      { name: 'catalogue_id', type: 'text', values: done.map((d) => d.task.id) },
      { name: 'catalogue_version', type: 'int', values: done.map((d) => d.task.version) },
      { name: 'user_id', type: 'uuid', values: done.map((d) => d.userId) },
      { name: 'completed_by_id', type: 'uuid', values: done.map((d) => d.by ?? null) },
    ]);
    await insertColumns(database, 'task_evidence', [
      { name: 'organization_id', type: 'uuid', values: verdicts.map((v) => v.org) },
      { name: 'catalogue_id', type: 'text', values: verdicts.map((v) => v.task) },
      { name: 'user_id', type: 'uuid', values: verdicts.map((v) => v.userId) },
      { name: 'source', type: 'text', values: verdicts.map((v) => v.source) },
      { name: 'verdict', type: 'text', values: verdicts.map((v) => v.verdict) },
      { name: 'detail', type: 'text', values: verdicts.map(() => 'Generated for the benchmark.') },
      { name: 'checked_at', type: 'timestamptz', values: verdicts.map(() => signedIn) },
    ]);
    completions += done.length;
    evidence += verdicts.length;
  }
  await database.executeSql(`update organizations set connected_integrations = '{gws}'`);
  await database.executeSql('analyze');
  return { completions, evidence, ms: Math.round(performance.now() - started) };
}

const countRows = async (database: Database, table: string) => {
  const { rows } = await database.executeSql(`select count(*)::int as n from "${table}"`);
  return (rows[0] as { n: number }).n;
};

/** The tasks the run considers: what listTasks returns for each nudging organisation. */
async function countTasks(database: Database, now: Date): Promise<NudgeRunFigures['tasks']> {
  const counts = { total: 0, individual: 0, admin: 0, withDeadline: 0, clocks: 0 };
  for (const org of await listNudgingOrganizations(database.db)) {
    const clocks = new Set<string>();
    for (const t of await listTasks(database.db, org.id, undefined, now)) {
      counts.total += 1;
      if (t.scope === 'Admin') counts.admin += 1;
      else counts.individual += 1;
      if ((t.state === 'open' || t.state === 'snoozed') && Object.hasOwn(DUE_DAYS, t.riskLevel)) {
        counts.withDeadline += 1;
        clocks.add(t.scope === 'Admin' ? t.catalogueId : t.id);
      }
    }
    counts.clocks += clocks.size;
  }
  const catalogue = catalogueFor(CATALOGUE, 'google', ['gws']);
  return {
    ...counts,
    individualPerMember: catalogue.filter((t) => t.scope === 'Individual').length,
    adminPerAdministrator: catalogue.filter((t) => t.scope === 'Admin').length,
  };
}

/** Runs `runNudges` at `now` in a child process (this file, CHILD_FLAG) and reads its figures. */
function timeRunInChild(databaseUrl: string, now: Date): Promise<NudgeRunTiming> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/nudge-run.ts'), CHILD_FLAG, now.toISOString()],
    {
      cwd: repoRoot,
      env: { ...process.env, NUDGE_BENCH_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('exit', killChild);
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) {
        reject(new Error(`the nudge run's process exited (${code}):\n${stderr}${stdout}`));
        return;
      }
      resolve(JSON.parse(last) as NudgeRunTiming);
    });
  });
}

/** In the child: one timed run, its figures as a JSON line on stdout. */
async function runInChild(databaseUrl: string, now: Date): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
    const key = Buffer.alloc(32, 3);
    const log = silentLog();
    let queued = 0;
    const countOnly = {
      send: async () => {
        queued += 1;
      },
    };
    const ctx: NudgeContext = {
      db: database.db,
      config,
      box: new SecretBox(key),
      log,
      devices: { judge: judgeDevices },
      // The run composes no mail (the nudge-send job does): its queue counts, sends nothing.
      mail: { db: database.db, config, queue: countOnly, tokens: new UnsubscribeTokens(key), log },
      queue: countOnly,
    };
    await database.ping();
    const startRss = process.resourceUsage().maxRSS * 1024;
    const startHeap = getHeapStatistics().used_heap_size;
    let peakHeap = startHeap;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
    }, 10);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const counts = await runNudges(ctx, now);
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
    const timing: NudgeRunTiming = {
      wallMs: Math.round(wallMs),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      startRssMb: round(startRss / MB),
      peakRssMb: round((process.resourceUsage().maxRSS * 1024) / MB),
      startHeapMb: round(startHeap / MB),
      peakHeapMb: round(peakHeap / MB),
      ...counts,
      queued,
    };
    console.log(JSON.stringify(timing));
  } finally {
    await database.close();
  }
}

/**
 * Seeds a fresh database (created through `pgAdminUrl`, dropped afterwards), times the first
 * run and the steady run an hour later, and counts what they considered and wrote.
 */
export async function measureNudgeRun(pgAdminUrl: string): Promise<NudgeRunFigures> {
  const name = `castellan_bench_nudges_${process.pid}`;
  const admin = (sql: string) => adminQuery(pgAdminUrl, sql);
  await admin(`create database "${name}"`);
  try {
    const databaseUrl = databaseUrlOf(pgAdminUrl, name);
    const database = await openDatabase({ databaseUrl });
    try {
      const seeded = await seed(database);
      const first = await timeRunInChild(databaseUrl, NUDGE_RUN_AT);
      const later = new Date(NUDGE_RUN_AT.getTime() + HOUR_MS);
      const steady = await timeRunInChild(databaseUrl, later);
      const { rows } = await database.executeSql(
        `select count(*)::int as n from users where ${workingHoursSql('time_zone')}`,
        [NUDGE_RUN_AT],
      );
      return {
        organizations: NUDGE_ORGANIZATIONS,
        members: await countRows(database, 'users'),
        membersInWorkingHours: (rows[0] as { n: number }).n,
        seed: seeded,
        tasks: await countTasks(database, later),
        clockRows: await countRows(database, 'task_deadlines'),
        nudgeRows: await countRows(database, 'nudges'),
        first,
        steady,
      };
    } finally {
      await database.close();
    }
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

/** Whether a member's clock (their zone, UTC when none) shows a working hour on a weekday at $1. */
const workingHoursSql = (zone: string) => {
  const local = `($1::timestamptz at time zone coalesce(${zone}, 'UTC'))`;
  return `extract(isodow from ${local}) <= 5 and extract(hour from ${local}) between 9 and 16`;
};

export function nudgeRunTable(f: NudgeRunFigures): string[][] {
  const row = (what: string, t: NudgeRunTiming) => [
    `  ${what}`,
    `${(t.wallMs / 1000).toFixed(1)} s`,
    `${(t.cpuMs / 1000).toFixed(1)} s`,
    String(t.clocksStarted),
    String(t.nudges),
    String(t.summaries),
    String(t.queued),
    `${t.peakRssMb} MB (${t.startRssMb} MB at start)`,
    `${t.peakHeapMb} MB (${t.startHeapMb} MB at start)`,
  ];
  return [
    [
      '  Run',
      'Wall',
      'CPU',
      'Clocks started',
      'Nudges',
      'Summaries',
      'Queued',
      'Peak RSS',
      'Peak heap',
    ],
    row(`first (${NUDGE_RUN_AT.toISOString().slice(11, 16)} UTC)`, f.first),
    row('steady, an hour later', f.steady),
  ];
}

export function nudgeRunSummary(f: NudgeRunFigures): string[] {
  const t = f.tasks;
  return [
    `  ${f.organizations} organisations × ${f.members / f.organizations} members (${f.members}, ${f.membersInWorkingHours} in working hours at the first run); seeded in ${(f.seed.ms / 1000).toFixed(1)} s (${f.seed.completions} completions, ${f.seed.evidence} verdicts).`,
    `  Task rows considered per run: ${t.total} (${t.individual} members' own: ${t.individualPerMember} a person; ${t.admin} Admin: ${t.adminPerAdministrator} for each of ${ADMINS} administrators an organisation), ${t.withDeadline} open with a due date (${t.clocks} clocks: an Admin task has one for all its administrators).`,
    `  Rows after both runs: ${f.clockRows} task clocks (task_deadlines), ${f.nudgeRows} nudges recorded.`,
  ];
}

if (process.argv[2] === CHILD_FLAG) {
  const url = process.env.NUDGE_BENCH_DATABASE_URL;
  if (!url) throw new Error('NUDGE_BENCH_DATABASE_URL is not set');
  await runInChild(url, new Date(process.argv[3] ?? ''));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./provider-read');
  const figures = await measureNudgeRun(
    process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
  printTable(nudgeRunTable(figures));
  for (const line of nudgeRunSummary(figures)) console.log(line);
}
