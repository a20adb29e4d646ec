// The partner console's roll-up (`GET /api/partner/overview`, modules/partners/overview.ts) for a
// partner looking after 300 client organisations of 50 members each, on PostgreSQL: the first
// (cold) answer, which computes every client's figures, then the warm answer at a steady rate
// against a bare Fastify server answering the same bytes (bench/ceiling.ts). The clients are
// written straight into a fresh database with one `INSERT … SELECT FROM unnest(…)` per table and
// group of clients: partial progress, Google Workspace's MFA verdicts, the domain scan's and the
// agents' verdicts, a few computers (some silent for weeks), 30 days of daily scores, and some
// integrations in a bad state. The answer must hold every client with figures that match the data.
// Run alone: `npx tsx bench/partner-overview.ts` (BENCH_PG_URL and BENCH_DURATION as for
// `npm run bench`).

import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AGENT_CHECK_IDS,
  AGENT_CHECKS,
  AGENT_STALE_DAYS,
  type AgentCheckId,
  type PartnerOverviewResponse,
} from '@castellan/contract';
import { CHECKS } from '@castellan/scanner';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { catalogueFor } from '../apps/server/src/modules/tasks/assignment';
import { CATALOGUE } from '../apps/server/src/modules/tasks/catalogue';
import { adminQuery } from './admin-database';
import { CEILING_ROUNDS, type CeilingFigures, measureCeiling } from './ceiling';
import { signIn } from './load';
import { killAllServers, startServer } from './server-process';

export const PARTNER_CLIENTS = 300;
export const PARTNER_CLIENT_MEMBERS = 50;
/** Requests a second in all, real and bare alike. */
export const PARTNER_RATE = 50;
const CLIENT_ADMINS = 2;
const PARTNER_DOMAIN = 'northgate-it.example';
const PARTNER_ADMIN = `admin.0@${PARTNER_DOMAIN}`;
const OVERVIEW = '/api/partner/overview';
const CLIENTS_PER_STATEMENT = 25;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SNAPSHOT_DAYS = 30;
const ONE_AT_A_TIME = 200;
/** What the cold answer may take, counted when looking for a quiet stretch of the hour. */
const COLD_ALLOWANCE_MS = 90_000;
/**
 * The server's hourly jobs that move every client's data version or keep its event loop busy
 * (apps/server/src/jobs/scheduled-jobs.ts): the score snapshots at :00, the nudge run at :07. The
 * measurement waits until neither can start before it ends.
 */
const HOURLY_JOBS = [
  { minute: 0, name: 'score-snapshots' },
  { minute: 7, name: 'nudges' },
] as const;
const FIRST_NAMES = ['Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Freya', 'Arthur'];
const LAST_NAMES = ['Hughes', 'Patel', 'Okafor', 'Walsh', 'Nowak', 'Evans', 'Khan', 'Byrne', 'Li'];

export type PartnerSeed = {
  ms: number;
  users: number;
  completions: number;
  evidence: number;
  devices: number;
  /** Devices whose agent last reported AGENT_STALE_DAYS or more ago, or never. */
  devicesSilent: number;
  snapshots: number;
  /** Integration rows that need someone (token, permission, failed sync), and their clients. */
  troubledIntegrations: number;
  troubledClients: number;
  /** Links that must not show: invitations not accepted, and links ended. */
  linksNotShown: number;
};

/** What the answer says, summed over its clients. */
export type OverviewSummary = {
  clients: number;
  /** Clients whose member count is not PARTNER_CLIENT_MEMBERS. */
  wrongMemberCounts: number;
  distinctScores: number;
  scoreRange: [number, number];
  grades: Record<string, number>;
  withTrend: number;
  trendRange: [number, number];
  openCritical: number;
  clientsWithOpenCritical: number;
  integrationsNeedingAttention: number;
  clientsNeedingAttention: number;
  devices: number;
  devicesNotReporting: number;
  gaps: string[];
};

export type PartnerOverviewFigures = {
  clients: number;
  members: number;
  rate: number;
  seed: PartnerSeed;
  /** The nudge run a starting server queues at once (it gives every open task its due date). */
  startUpRunMs: number;
  /** Waited for a stretch of the hour without the jobs of HOURLY_JOBS. */
  waitedMs: number;
  coldMs: number;
  /** The server's CPU (user and system) while it computed the first answer; null off Linux. */
  coldServerCpuMs: number | null;
  /**
   * ONE_AT_A_TIME warm answers in a row: the median time of each (the bench's own reading of the
   * answer included) and the server's CPU for each (user and system, from /proc; null elsewhere).
   */
  oneAtATime: { answers: number; p50Ms: number; serverCpuMs: number | null };
  bytes: number;
  /** As a browser gets it (Accept-Encoding: br, gzip). */
  sent: { encoding: string; bytes: number };
  ceiling: CeilingFigures;
  answer: OverviewSummary;
  /** The server process's resident memory (VmRSS; peak: VmHWM), from /proc; null elsewhere. */
  rssMb: { beforeCold: number; afterCold: number; afterLoad: number; peak: number } | null;
  /** No client's data version moved and the hour did not turn from the cold answer to the end. */
  cacheHeld: boolean;
  loadAverage: { before: string; after: string };
};

/** Deterministic 0–1 numbers (a xorshift), so that every run benchmarks the same data. */
function numbers(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4_294_967_296;
  };
}

/** The PostgreSQL type of each column the seed writes, by table. */
const COLUMN_TYPES: Record<string, Record<string, string>> = {
  organizations: {
    id: 'uuid',
    domain: 'text',
    status: 'organization_status',
    workspace: 'workspace_suite',
    is_demo: 'boolean',
    created_at: 'timestamptz',
  },
  users: {
    id: 'uuid',
    organization_id: 'uuid',
    email: 'text',
    first_name: 'text',
    last_name: 'text',
    role: 'user_role',
  },
  task_completions: {
    organization_id: 'uuid',
    catalogue_id: 'text',
    catalogue_version: 'int',
    user_id: 'uuid',
    completed_by_id: 'uuid',
    completed_at: 'timestamptz',
  },
  task_evidence: {
    organization_id: 'uuid',
    catalogue_id: 'text',
    user_id: 'uuid',
    source: 'text',
    verdict: 'text',
    detail: 'text',
    checked_at: 'timestamptz',
  },
  integrations: {
    organization_id: 'uuid',
    integration_id: 'text',
    status: 'text',
    sync_state: 'text',
    sync_error: 'text',
    connected_since: 'timestamptz',
    last_scan: 'timestamptz',
  },
  agent_devices: {
    organization_id: 'uuid',
    user_id: 'uuid',
    token_hash: 'text',
    name: 'text',
    platform: 'text',
    os_version: 'text',
    agent_version: 'text',
    enrolled_at: 'timestamptz',
    last_report_at: 'timestamptz',
    last_reported_at: 'timestamptz',
    checks: 'jsonb',
  },
  score_snapshots: { organization_id: 'uuid', day: 'date', score: 'real', taken_at: 'timestamptz' },
  partner_links: {
    client_organization_id: 'uuid',
    partner_organization_id: 'uuid',
    role: 'text',
    invited_by_id: 'uuid',
    invited_at: 'timestamptz',
    accepted_by_id: 'uuid',
    accepted_at: 'timestamptz',
    ended_at: 'timestamptz',
  },
};

type Row = Record<string, unknown>;

/**
 * Writes `rows` (the first row's columns) into `table` in one statement: each column goes as one
 * array and comes back as rows through unnest.
 */
async function insertRows(database: Database, table: string, rows: readonly Row[]) {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) return;
  const types = COLUMN_TYPES[table] ?? {};
  const arrays = columns.map((c, i) => `$${i + 1}::${types[c]}[]`).join(', ');
  await database.executeSql(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${arrays})`,
    columns.map((c) => rows.map((r) => r[c] ?? null)),
  );
}

const clientDomain = (c: number) => `client-${String(c + 1).padStart(3, '0')}.example`;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);

/**
 * Which integration rows of client `c` need attention, as the server judges them: a status other
 * than connected, or a failed sync. Every client has Google Workspace; every third also Slack.
 */
function integrationsOf(c: number) {
  const gws =
    c % 10 === 3
      ? { status: 'invalid_token', syncState: 'idle' }
      : c % 20 === 7
        ? { status: 'permission_missing', syncState: 'idle' }
        : c % 12 === 5
          ? { status: 'connected', syncState: 'failed' }
          : { status: 'connected', syncState: 'idle' };
  const slack =
    c % 3 !== 0
      ? null
      : c % 27 === 0
        ? { status: 'invalid_token', syncState: 'idle' }
        : { status: 'connected', syncState: 'idle' };
  return [
    { integrationId: 'gws', ...gws },
    ...(slack ? [{ integrationId: 'slack', ...slack }] : []),
  ];
}
const troubled = (i: { status: string; syncState: string }) =>
  i.status !== 'connected' || i.syncState === 'failed';

/**
 * The partner's organisation (a demo one, so that its administrator signs in through the test
 * login), the clients with their data, each linked and accepted, and four links that must not
 * show (two invitations waiting, two ended).
 */
export async function seedPartnerClients(database: Database, now: Date): Promise<PartnerSeed> {
  const started = performance.now();
  const next = numbers(2026);
  const partnerId = randomUUID();
  const partnerAdminId = randomUUID();
  await insertRows(database, 'organizations', [
    {
      id: partnerId,
      domain: PARTNER_DOMAIN,
      status: 'REGISTERED',
      workspace: 'google',
      is_demo: true,
    },
  ]);
  await insertRows(
    database,
    'users',
    Array.from({ length: 5 }, (_, i) => ({
      id: i === 0 ? partnerAdminId : randomUUID(),
      organization_id: partnerId,
      email: `${i < 2 ? 'admin' : 'member'}.${i}@${PARTNER_DOMAIN}`,
      first_name: FIRST_NAMES[i],
      last_name: 'Northgate',
      role: i < 2 ? 'admin' : 'user',
    })),
  );

  const catalogue = catalogueFor(CATALOGUE, 'google', ['gws']);
  const individual = catalogue.filter((t) => t.scope === 'Individual');
  const adminTasks = catalogue.filter((t) => t.scope === 'Admin');
  const scanned = new Set<string | null>(Object.values(CHECKS).map((c) => c.taskId));
  const scannedAdmin = adminTasks.filter((t) => scanned.has(t.id));
  const counts: Omit<PartnerSeed, 'ms' | 'linksNotShown'> = {
    users: 0,
    completions: 0,
    evidence: 0,
    devices: 0,
    devicesSilent: 0,
    snapshots: 0,
    troubledIntegrations: 0,
    troubledClients: 0,
  };
  const withSlack: string[] = [];

  for (let from = 0; from < PARTNER_CLIENTS; from += CLIENTS_PER_STATEMENT) {
    const orgs: Row[] = [];
    const people: Row[] = [];
    const done: Row[] = [];
    const verdicts: Row[] = [];
    const connections: Row[] = [];
    const devices: Row[] = [];
    const snapshots: Row[] = [];
    const links: Row[] = [];
    for (let c = from; c < Math.min(from + CLIENTS_PER_STATEMENT, PARTNER_CLIENTS); c++) {
      const orgId = randomUUID();
      const domain = clientDomain(c);
      // How far along the client is: sets its share of tasks done and of checks passed.
      const maturity = 0.1 + 0.8 * next();
      orgs.push({
        id: orgId,
        domain,
        status: 'REGISTERED',
        workspace: 'google',
        created_at: new Date(now.getTime() - 120 * DAY_MS),
      });
      const ids = Array.from({ length: PARTNER_CLIENT_MEMBERS }, () => randomUUID());
      ids.forEach((id, i) => {
        people.push({
          id,
          organization_id: orgId,
          email: `${i < CLIENT_ADMINS ? 'admin' : 'member'}.${i}@${domain}`,
          first_name: FIRST_NAMES[i % FIRST_NAMES.length],
          last_name: LAST_NAMES[(i * 7 + c) % LAST_NAMES.length],
          role: i < CLIENT_ADMINS ? 'admin' : 'user',
        });
        for (const task of individual) {
          if (next() >= 0.15 + 0.7 * maturity) continue;
          done.push({
            organization_id: orgId,
            catalogue_id: task.id,
            catalogue_version: task.version,
            user_id: id,
            completed_by_id: id,
            completed_at: hoursAgo(now, 24 + next() * 24 * 60),
          });
        }
        verdicts.push({
          organization_id: orgId,
          catalogue_id: 'enable-mfa',
          user_id: id,
          source: 'gws',
          verdict: next() < 0.6 * (1 - maturity) ? 'fail' : 'pass',
          detail: 'Two-step verification as Google Workspace reports it.',
          checked_at: hoursAgo(now, 2),
        });
      });
      const admin = ids[0];
      for (const task of adminTasks) {
        if (next() >= 0.2 + 0.6 * maturity) continue;
        done.push({
          organization_id: orgId,
          catalogue_id: task.id,
          catalogue_version: task.version,
          user_id: null,
          completed_by_id: admin,
          completed_at: hoursAgo(now, 24 + next() * 24 * 60),
        });
      }
      for (const task of scannedAdmin) {
        verdicts.push({
          organization_id: orgId,
          catalogue_id: task.id,
          user_id: null,
          source: 'domain-scan',
          verdict: next() < 0.7 * (1 - maturity) ? 'fail' : 'pass',
          detail: 'From the domain scan.',
          checked_at: hoursAgo(now, 20),
        });
      }
      // None to six computers, each a different member's; some silent for weeks or never heard from.
      for (let d = 0; d < c % 7; d++) {
        const owner = ids[d * 7 + 2];
        const roll = next();
        const lastReportAt =
          roll < 0.05
            ? null
            : roll < 0.3
              ? hoursAgo(now, 24 * (15 + next() * 45))
              : hoursAgo(now, next() * 30);
        const checks = AGENT_CHECK_IDS.map((id: AgentCheckId) => ({
          id,
          verdict: next() < 0.45 + 0.5 * maturity ? 'pass' : 'fail',
          evidence: `${AGENT_CHECKS[id].name}: as the agent found it.`,
          needsAdmin: false,
        }));
        devices.push({
          organization_id: orgId,
          user_id: owner,
          token_hash: randomBytes(32).toString('hex'),
          name: `${domain.split('.')[0]}-laptop-${d + 1}`,
          platform: (['darwin', 'win32', 'linux'] as const)[d % 3],
          os_version: '14.5',
          agent_version: '0.1.0',
          enrolled_at: hoursAgo(now, 24 * 90),
          last_report_at: lastReportAt,
          last_reported_at: lastReportAt,
          checks: lastReportAt ? JSON.stringify(checks) : '[]',
        });
        counts.devices += 1;
        const silent =
          lastReportAt === null ||
          now.getTime() - lastReportAt.getTime() >= AGENT_STALE_DAYS * DAY_MS;
        if (silent) counts.devicesSilent += 1;
        if (!lastReportAt || silent) continue;
        for (const check of checks) {
          verdicts.push({
            organization_id: orgId,
            catalogue_id: AGENT_CHECKS[check.id].tasks[0],
            user_id: owner,
            source: 'agent',
            verdict: check.verdict,
            detail: check.evidence,
            checked_at: lastReportAt,
          });
        }
      }
      const integrations = integrationsOf(c);
      for (const i of integrations) {
        connections.push({
          organization_id: orgId,
          integration_id: i.integrationId,
          status: i.status,
          sync_state: i.syncState,
          sync_error: i.syncState === 'failed' ? 'The provider answered 503 three times.' : null,
          connected_since: hoursAgo(now, 24 * 100),
          // Synced within the last few hours: no sync is due while the bench runs.
          last_scan: hoursAgo(now, 0.5 + next() * 2),
        });
      }
      if (integrations.some((i) => i.integrationId === 'slack')) withSlack.push(orgId);
      const bad = integrations.filter(troubled).length;
      counts.troubledIntegrations += bad;
      if (bad > 0) counts.troubledClients += 1;
      // A daily score drifting up (or down) towards where the client is now, with noise.
      const drift = (next() - 0.3) * 0.6;
      for (let k = 1; k <= SNAPSHOT_DAYS; k++) {
        snapshots.push({
          organization_id: orgId,
          day: dayOf(new Date(now.getTime() - k * DAY_MS)),
          score: Math.max(
            0,
            Math.min(100, Math.round(20 + 60 * maturity - drift * k + (next() - 0.5) * 4)),
          ),
          taken_at: new Date(now.getTime() - k * DAY_MS),
        });
      }
      const invitedAt = new Date(now.getTime() - (40 + (c % 50)) * DAY_MS);
      links.push({
        client_organization_id: orgId,
        partner_organization_id: partnerId,
        role: c % 4 === 3 ? 'viewer' : 'admin',
        invited_by_id: admin,
        invited_at: invitedAt,
        accepted_by_id: partnerAdminId,
        accepted_at: new Date(invitedAt.getTime() + DAY_MS),
      });
    }
    await insertRows(database, 'organizations', orgs);
    await insertRows(database, 'users', people);
    await insertRows(database, 'task_completions', done);
    await insertRows(database, 'task_evidence', verdicts);
    await insertRows(database, 'integrations', connections);
    await insertRows(database, 'agent_devices', devices);
    await insertRows(database, 'score_snapshots', snapshots);
    await insertRows(database, 'partner_links', links);
    counts.users += people.length;
    counts.completions += done.length;
    counts.evidence += verdicts.length;
    counts.snapshots += snapshots.length;
  }

  // Two invitations the partner has not accepted and two links ended: not in the console.
  const others = ['waiting-1', 'waiting-2', 'former-1', 'former-2'].map((name) => ({
    id: randomUUID(),
    domain: `${name}.example`,
    ended: name.startsWith('former'),
  }));
  await insertRows(
    database,
    'organizations',
    others.map((o) => ({ id: o.id, domain: o.domain, status: 'REGISTERED' })),
  );
  await insertRows(
    database,
    'partner_links',
    others.map((o) => ({
      client_organization_id: o.id,
      partner_organization_id: partnerId,
      role: 'admin',
      invited_at: hoursAgo(now, 24 * 30),
      accepted_at: o.ended ? hoursAgo(now, 24 * 29) : null,
      ended_at: o.ended ? hoursAgo(now, 24 * 3) : null,
    })),
  );
  await database.executeSql(
    `update organizations set connected_integrations = case when id = any($1::uuid[]) then '{gws,slack}'::text[] else '{gws}'::text[] end where domain like 'client-%'`,
    [withSlack],
  );
  // Every organisation watches its own domain from its creation (migration 0026); none of these
  // is scanned while the bench runs.
  await database.executeSql(`update watch_targets set next_scan_at = now() + interval '7 days'`);
  await database.executeSql('analyze');
  return { ...counts, linksNotShown: others.length, ms: Math.round(performance.now() - started) };
}

/** Polls until the newest `name` job created since `since` has ended; false when none came in time. */
/** Jobs a scheduled job queues, which must end too before it counts as done. */
const QUEUED_BY: Record<string, string> = { nudges: 'nudge-run' };

/**
 * Waits until the latest job `name` sent since `since` has ended, and with it the jobs it queued
 * (the nudge run's one job per organisation); false after `timeoutMs`.
 */
async function waitForJob(client: pg.Client, name: string, since: Date, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const queued = QUEUED_BY[name];
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ state: string; unfinished: number }>(
      `select state, (select count(*)::int from pgboss.job
                      where name = $3 and state in ('created', 'retry', 'active')) as unfinished
       from pgboss.job where name = $1 and created_on >= $2 order by created_on desc limit 1`,
      [name, since, queued ?? ''],
    );
    const state = rows[0]?.state;
    const ended = state === 'completed' || state === 'failed' || state === 'cancelled';
    if (ended && rows[0]?.unfinished === 0) return true;
    await sleep(1000);
  }
  return false;
}

/** The next start of one of HOURLY_JOBS after `at`. */
function nextHourlyJob(at: number) {
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
  const times = HOURLY_JOBS.flatMap((job) =>
    [hour, hour + HOUR_MS].map((h) => ({ job, at: h + job.minute * 60_000 })),
  );
  return times.filter((t) => t.at > at).sort((a, b) => a.at - b.at)[0] as (typeof times)[number];
}

/** Waits, when needed, until `neededMs` from now holds no start of HOURLY_JOBS; how long it waited. */
async function waitForQuietStretch(client: pg.Client, neededMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const upcoming = nextHourlyJob(Date.now());
    if (upcoming.at - Date.now() > neededMs) return Date.now() - started;
    const minute = String(upcoming.job.minute).padStart(2, '0');
    console.error(`… waiting for the ${upcoming.job.name} job at :${minute} to run and end`);
    await sleep(Math.max(0, upcoming.at - Date.now()) + 1000);
    if (
      !(await waitForJob(client, upcoming.job.name, new Date(upcoming.at - 60_000), 10 * 60_000))
    ) {
      console.error(`  (no ${upcoming.job.name} job seen: going on)`);
    }
  }
}

/** The bench's child running the built server, found in /proc; null off Linux. */
function serverPid(): number | null {
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid !== process.pid) continue;
        const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (command.includes('apps/server/dist/main.js')) return Number(entry);
      } catch {
        // The process ended while being read.
      }
    }
  } catch {
    // No /proc.
  }
  return null;
}

/** The CPU time `pid` has used, user and system, in ms. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command's name: the state (field 3), …, utime (14) and stime (15), in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond();
}

let ticks: number | undefined;
const ticksPerSecond = () => {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  return ticks;
};

/** VmRSS and VmHWM of `pid`, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: Math.round(kB('VmRSS') / 1024), peak: Math.round(kB('VmHWM') / 1024) };
}

/** The answer as a browser receives it: its encoding and the bytes on the wire. */
function sentSize(url: string, cookie: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ encoding: String(res.headers['content-encoding'] ?? 'identity'), bytes }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function timedOverview(url: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(`${url}${OVERVIEW}`, { headers: { cookie } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`${OVERVIEW} answered ${res.status}: ${text.slice(0, 500)}`);
  return { ms, text };
}

/** ONE_AT_A_TIME answers, each sent when the last has arrived. */
async function oneAtATime(url: string, cookie: string, pid: number | null) {
  const cpuBefore = pid ? cpuMsOf(pid) : 0;
  const times: number[] = [];
  for (let i = 0; i < ONE_AT_A_TIME; i++) times.push((await timedOverview(url, cookie)).ms);
  const cpu = pid ? (cpuMsOf(pid) - cpuBefore) / ONE_AT_A_TIME : null;
  times.sort((a, b) => a - b);
  const tenth = (v: number) => Math.round(v * 10) / 10;
  return {
    answers: ONE_AT_A_TIME,
    p50Ms: tenth(times[Math.floor(times.length / 2)] ?? 0),
    serverCpuMs: cpu === null ? null : tenth(cpu),
  };
}

export function summarise(answer: PartnerOverviewResponse): OverviewSummary {
  const clients = answer.clients;
  const scores = clients.map((c) => c.score);
  const trends = clients.flatMap((c) => (c.trend === null ? [] : [c.trend]));
  const grades: Record<string, number> = {};
  for (const c of clients) grades[c.grade] = (grades[c.grade] ?? 0) + 1;
  const sum = (f: (c: (typeof clients)[number]) => number) => clients.reduce((s, c) => s + f(c), 0);
  return {
    clients: clients.length,
    wrongMemberCounts: clients.filter((c) => c.members !== PARTNER_CLIENT_MEMBERS).length,
    distinctScores: new Set(scores).size,
    scoreRange: [Math.min(...scores), Math.max(...scores)],
    grades,
    withTrend: trends.length,
    trendRange: [Math.min(...trends), Math.max(...trends)],
    openCritical: sum((c) => c.openCritical),
    clientsWithOpenCritical: clients.filter((c) => c.openCritical > 0).length,
    integrationsNeedingAttention: sum((c) => c.integrationsNeedingAttention.length),
    clientsNeedingAttention: clients.filter((c) => c.integrationsNeedingAttention.length > 0)
      .length,
    devices: sum((c) => c.devices),
    devicesNotReporting: sum((c) => c.devicesNotReporting),
    gaps: answer.gaps.map((g) => `${g.title}: ${g.people} people in ${g.clients} clients`),
  };
}

/** Sum of the clients' data versions: moves when any client's cached figures would be dropped. */
async function clientVersions(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ v: string }>(
    `select coalesce(sum(data_version), 0)::text as v from organizations where domain like 'client-%'`,
  );
  return rows[0]?.v ?? '';
}

const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const DATABASE = `castellan_bench_partners_${process.pid}`;

const dropDatabase = (pgAdminUrl: string) =>
  adminQuery(pgAdminUrl, `drop database if exists "${DATABASE}" with (force)`);

/**
 * Seeds a fresh database (created through `pgAdminUrl`, dropped afterwards), starts the built
 * server on it, waits for its start-up nudge run, times the cold answer and then measures the warm
 * one against the bare server: CEILING_ROUNDS runs of `roundSeconds` each at PARTNER_RATE.
 */
export async function measurePartnerOverview(
  pgAdminUrl: string,
  { roundSeconds, workDir }: { roundSeconds: number; workDir: string },
): Promise<PartnerOverviewFigures> {
  await adminQuery(pgAdminUrl, `create database "${DATABASE}"`);
  try {
    const url = new URL(pgAdminUrl);
    url.pathname = `/${DATABASE}`;
    const databaseUrl = url.toString();
    const database = await openDatabase({ databaseUrl });
    let seeded: PartnerSeed;
    try {
      console.error(`… generating ${PARTNER_CLIENTS} clients × ${PARTNER_CLIENT_MEMBERS} members`);
      seeded = await seedPartnerClients(database, new Date());
    } finally {
      await database.close();
    }

    const startedAt = new Date();
    const server = await startServer({ DATABASE_URL: databaseUrl });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    try {
      await watcher.connect();
      const pid = serverPid();
      console.error('… waiting for the server’s start-up nudge run');
      const runStarted = performance.now();
      if (
        !(await waitForJob(watcher, 'nudges', new Date(startedAt.getTime() - 60_000), 15 * 60_000))
      ) {
        throw new Error('the start-up nudge run did not end within 15 minutes');
      }
      const startUpRunMs = Math.round(performance.now() - runStarted);
      const cookie = await signIn(server.url, PARTNER_ADMIN);
      const ceilingMs = (1 + 2 * CEILING_ROUNDS * roundSeconds + 2) * 1000;
      const waitedMs = await waitForQuietStretch(watcher, COLD_ALLOWANCE_MS + ceilingMs + 30_000);
      const beforeCold = pid ? memoryOf(pid).rss : 0;
      const versionsBefore = await clientVersions(watcher);
      const hourBefore = Math.floor(Date.now() / HOUR_MS);
      const before = loadAverage();

      console.error(`… the first answer of ${OVERVIEW} (every client computed)`);
      const cpuBeforeCold = pid ? cpuMsOf(pid) : 0;
      const cold = await timedOverview(server.url, cookie);
      const coldServerCpuMs = pid ? Math.round(cpuMsOf(pid) - cpuBeforeCold) : null;
      const afterCold = pid ? memoryOf(pid).rss : 0;
      const warm = await oneAtATime(server.url, cookie, pid);
      const answer: PartnerOverviewResponse = JSON.parse(
        (await timedOverview(server.url, cookie)).text,
      );
      const sent = await sentSize(`${server.url}${OVERVIEW}`, cookie);
      console.error(
        `… ${OVERVIEW} at ${PARTNER_RATE}/s against a bare server (${CEILING_ROUNDS} runs of ${roundSeconds} s each)`,
      );
      const [ceiling] = await measureCeiling(server.url, cookie, [OVERVIEW], {
        rate: PARTNER_RATE,
        roundSeconds,
        workDir,
      });
      if (!ceiling) throw new Error('no ceiling figures');
      const after = loadAverage();
      const memory = pid ? memoryOf(pid) : null;
      const cacheHeld =
        (await clientVersions(watcher)) === versionsBefore &&
        Math.floor(Date.now() / HOUR_MS) === hourBefore;
      return {
        clients: PARTNER_CLIENTS,
        members: PARTNER_CLIENT_MEMBERS,
        rate: PARTNER_RATE,
        seed: seeded,
        startUpRunMs,
        waitedMs,
        coldMs: Math.round(cold.ms),
        coldServerCpuMs,
        oneAtATime: warm,
        bytes: ceiling.bytes,
        sent,
        ceiling,
        answer: summarise(answer),
        rssMb: memory ? { beforeCold, afterCold, afterLoad: memory.rss, peak: memory.peak } : null,
        cacheHeld,
        loadAverage: { before, after },
      };
    } finally {
      await watcher.end().catch(() => undefined);
      await server.stop();
    }
  } finally {
    await dropDatabase(pgAdminUrl);
  }
}

/** What makes the run a failure: an answer that does not match the data, or a cache that did not hold. */
export function partnerOverviewProblems(f: PartnerOverviewFigures): string[] {
  const a = f.answer;
  const s = f.seed;
  const problems: string[] = [];
  const expect = (what: string, got: number, want: number) => {
    if (got !== want) problems.push(`${what}: ${got} in the answer, ${want} generated`);
  };
  expect('clients', a.clients, f.clients);
  expect(`clients without ${f.members} members`, a.wrongMemberCounts, 0);
  expect('clients with a daily score 30 days back', a.withTrend, f.clients);
  expect('integrations needing attention', a.integrationsNeedingAttention, s.troubledIntegrations);
  expect(
    'clients with an integration needing attention',
    a.clientsNeedingAttention,
    s.troubledClients,
  );
  expect('devices', a.devices, s.devices);
  expect('devices not reporting', a.devicesNotReporting, s.devicesSilent);
  if (a.distinctScores < 20) problems.push(`only ${a.distinctScores} different scores`);
  if (a.clientsWithOpenCritical === 0) problems.push('no client has an open Critical task');
  if (a.gaps.length === 0) problems.push('no gaps across clients');
  if (!f.cacheHeld) {
    problems.push(
      'a client’s data version moved or the hour turned while the warm answer was measured',
    );
  }
  return problems;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function partnerOverviewTable(f: PartnerOverviewFigures): string[][] {
  const c = f.ceiling;
  const rss = f.rssMb;
  return [
    ['  Measure', 'Value'],
    [
      '  first (cold) answer (server CPU)',
      `${seconds(f.coldMs)} (${f.coldServerCpuMs === null ? '–' : seconds(f.coldServerCpuMs)})`,
    ],
    [
      `  ${f.oneAtATime.answers} warm answers one at a time: median / server CPU each`,
      `${f.oneAtATime.p50Ms} ms / ${f.oneAtATime.serverCpuMs ?? '–'} ms`,
    ],
    [`  p50 / bare p50 at ${f.rate}/s`, `${c.real.p50Ms} ms / ${c.bare.p50Ms} ms (${c.p50Ratio}×)`],
    [`  p99 / bare p99 at ${f.rate}/s`, `${c.real.p99Ms} ms / ${c.bare.p99Ms} ms`],
    ['  p99 ratio to the bare route', `${c.p99Ratio.toFixed(2)}×`],
    ['  answer', `${f.bytes} bytes (${f.sent.bytes} sent as ${f.sent.encoding})`],
    [
      '  server RSS: before / after the cold answer / after load (peak since start)',
      rss ? `${rss.beforeCold} / ${rss.afterCold} / ${rss.afterLoad} MB (${rss.peak} MB)` : '–',
    ],
  ];
}

export function partnerOverviewSummary(f: PartnerOverviewFigures): string[] {
  const s = f.seed;
  const a = f.answer;
  const grades = Object.entries(a.grades)
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([grade, n]) => `${n} ${grade}`)
    .join(', ');
  return [
    `  ${f.clients} clients × ${f.members} members seeded in ${seconds(s.ms)}: ${s.users} people, ${s.completions} completions, ${s.evidence} verdicts, ${s.devices} computers (${s.devicesSilent} silent), ${s.snapshots} daily scores, ${s.troubledIntegrations} integrations needing attention in ${s.troubledClients} clients; ${s.linksNotShown} links not shown (waiting or ended).`,
    `  The answer: ${a.clients} clients, scores ${a.scoreRange[0]} to ${a.scoreRange[1]} (${a.distinctScores} different; ${grades}), trends ${a.trendRange[0].toFixed(1)} to ${a.trendRange[1].toFixed(1)}, ${a.openCritical} open Critical tasks in ${a.clientsWithOpenCritical} clients, ${a.integrationsNeedingAttention} integrations needing attention in ${a.clientsNeedingAttention}, ${a.devices} devices (${a.devicesNotReporting} not reporting).`,
    `  Biggest gaps: ${a.gaps.join('; ')}.`,
    `  Medians of ${f.ceiling.rounds} runs of ${f.ceiling.roundSeconds} s each, real and bare in turn, 10 connections. The server's start-up nudge run took ${seconds(f.startUpRunMs)}; waited ${seconds(f.waitedMs)} for a stretch without the hourly jobs. Load average before / after: ${f.loadAverage.before} / ${f.loadAverage.after} (${os.cpus().length} CPUs).`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./provider-read');
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'castellan-bench-partners-'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllServers();
      rmSync(workDir, { recursive: true, force: true });
      void dropDatabase(pgAdminUrl).finally(() => process.exit(130));
    });
  }
  try {
    const figures = await measurePartnerOverview(pgAdminUrl, {
      roundSeconds: Math.max(1, duration),
      workDir,
    });
    printTable(partnerOverviewTable(figures));
    for (const line of partnerOverviewSummary(figures)) console.log(line);
    const problems = partnerOverviewProblems(figures);
    for (const problem of problems) console.error(`✗ ${problem}`);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
