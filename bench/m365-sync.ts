// How long reading a Microsoft 365 tenant takes compared with its longest chain of dependent
// page fetches, and how much heap the reader uses, on the fake Microsoft with every answer
// delayed. The fake runs in a child process so that its own memory (the whole tenant) stays out
// of the measure. Run alone: `npx tsx bench/m365-sync.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  GraphApi,
  type MicrosoftGrant,
  readTenant,
} from '../apps/server/src/modules/integrations/microsoft';
import type { LoggedRequest } from '../apps/server/test/fakes/microsoft/fake-microsoft';
import { TEST_CLIENT } from '../apps/server/test/fakes/test-client';
import { HOST, repoRoot } from './server-process';

export type M365SyncFigures = {
  users: number;
  members: number;
  failedSignIns: number;
  latencyMs: number;
  /** Median of the measured reads. */
  wallMs: number;
  requests: number;
  /** The longest chain of pages, each needing the one before (its nextLink, or its result). */
  longestChain: { list: string; pages: number };
  /** longestChain.pages × latencyMs: no read of this tenant can be faster. */
  unavoidableMs: number;
  /** wallMs ÷ unavoidableMs. */
  ratio: number;
  /** CPU time of this process (the reader) during a read. */
  readerCpuMs: number;
  /** Highest used heap seen during a read, and how far above the heap before it that is. */
  peakHeapMb: number;
  peakGrowthMb: number;
  /** Heap kept after a full GC with the read's result still held, above the heap before it. */
  retainedMb: number;
};

const DOMAIN = 'bench-tenant.example';
const ADMIN = `bench.admin@${DOMAIN}`;
const MB = 1024 * 1024;
const DAY = 86_400_000;

const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, HOST);
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('could not get a free port');
  return address.port;
}

async function startFakeProcess(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/fakes/run-microsoft.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, MICROSOFT_FAKE_PORT: String(port), MICROSOFT_FAKE_DOMAIN: DOMAIN },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('fake Microsoft: ')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`fake Microsoft exited (${code}):\n${output}`)));
  });
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  await ready;
  return { url: `http://${HOST}:${port}`, child };
}

async function control<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const REGISTRATION = '/v1.0/reports/authenticationMethods/userRegistrationDetails';
/**
 * The chain a request belongs to. The registration report is read after the plain users list
 * (it is joined on the users' ids), so the two make one chain.
 */
function chainOf(r: LoggedRequest): string {
  if (r.path === REGISTRATION || (r.path === '/v1.0/users' && r.query.$top === '999')) {
    return `/v1.0/users ($top=999) → ${REGISTRATION}`;
  }
  return r.query.$top ? `${r.path} ($top=${r.query.$top})` : r.path;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

async function measureOne(
  userCount: number,
  opts: { latencyMs: number; members: number; failedSignIns: number; runs: number },
): Promise<M365SyncFigures> {
  const fake = await startFakeProcess();
  try {
    const now = Date.now();
    await control(fake.url, 'POST', '/__fake/reset', {
      domain: DOMAIN,
      seed: 42,
      userCount,
      users: [{ email: ADMIN, isAdmin: true, mfaRegistered: true }],
      signInFailures: Array.from({ length: opts.failedSignIns }, (_, i) => ({
        email: ADMIN,
        time: new Date(now - ((i * 7919) % (29 * DAY))).toISOString(),
      })),
    });
    const tenant = await control<{ id: string; sampleEmails: string[] }>(
      fake.url,
      'GET',
      `/__fake/tenant?sample=${opts.members}`,
    );
    const issued = await control<Omit<MicrosoftGrant, 'expiresAt'> & { expiresAt: string }>(
      fake.url,
      'POST',
      '/__fake/grants',
      { email: ADMIN },
    );
    const grant: MicrosoftGrant = { ...issued, expiresAt: new Date(issued.expiresAt) };
    const cfg = {
      baseUrl: fake.url,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      redirectUri: 'http://127.0.0.1/unused',
    };
    await control(fake.url, 'POST', '/__fake/latency', { ms: opts.latencyMs });
    const memberEmails = new Set(tenant.sampleEmails);

    const walls: number[] = [];
    const cpus: number[] = [];
    let peakHeap = 0;
    let peakGrowth = 0;
    let retained = 0;
    let log: LoggedRequest[] = [];
    // The first read is a warm-up (connections, JIT); the others are measured.
    for (let run = 0; run <= opts.runs; run += 1) {
      await control(fake.url, 'DELETE', '/__fake/requests');
      const api = new GraphApi(cfg, tenant.id, grant);
      collectGarbage();
      const before = getHeapStatistics().used_heap_size;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, getHeapStatistics().used_heap_size);
      }, 5);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const facts = await readTenant(api, { memberEmails, now: new Date() });
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      clearInterval(sampler);
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
      collectGarbage();
      const kept = getHeapStatistics().used_heap_size - before;
      if (facts.userCount === 0) throw new Error('the read found no users');
      if (facts.failedLogins30d !== opts.failedSignIns) {
        throw new Error(
          `counted ${facts.failedLogins30d} failed sign-ins, not ${opts.failedSignIns}`,
        );
      }
      if (run === 0) continue;
      walls.push(wall);
      cpus.push((cpu.user + cpu.system) / 1000);
      peakHeap = Math.max(peakHeap, peak);
      peakGrowth = Math.max(peakGrowth, peak - before);
      retained = Math.max(retained, kept);
      log = (await control<{ requests: LoggedRequest[] }>(fake.url, 'GET', '/__fake/requests'))
        .requests;
    }

    const pagesPerChain = new Map<string, number>();
    for (const r of log) pagesPerChain.set(chainOf(r), (pagesPerChain.get(chainOf(r)) ?? 0) + 1);
    const [list, pages] = [...pagesPerChain].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    const wallMs = median(walls);
    const unavoidableMs = pages * opts.latencyMs;
    return {
      users: userCount + 1,
      members: memberEmails.size,
      failedSignIns: opts.failedSignIns,
      latencyMs: opts.latencyMs,
      wallMs: Math.round(wallMs),
      requests: log.length,
      longestChain: { list, pages },
      unavoidableMs,
      ratio: round(wallMs / unavoidableMs, 2),
      readerCpuMs: Math.round(median(cpus)),
      peakHeapMb: round(peakHeap / MB),
      peakGrowthMb: round(peakGrowth / MB),
      retainedMb: round(retained / MB, 2),
    };
  } finally {
    fake.child.kill('SIGTERM');
  }
}

export async function measureM365Sync(
  userCounts: readonly number[] = [5_000],
  opts = { latencyMs: 50, members: 200, failedSignIns: 2_500, runs: 3 },
): Promise<M365SyncFigures[]> {
  const figures: M365SyncFigures[] = [];
  for (const users of userCounts) figures.push(await measureOne(users, opts));
  return figures;
}

export function m365SyncTable(figures: readonly M365SyncFigures[]): string[][] {
  return [
    [
      '  Users',
      'Requests',
      'Longest chain',
      'Unavoidable',
      'Read (median)',
      'Ratio',
      'Reader CPU',
      'Peak heap',
      'Peak growth',
      'Retained',
    ],
    ...figures.map((f) => [
      `  ${f.users}`,
      String(f.requests),
      `${f.longestChain.pages} pages (${f.longestChain.list})`,
      `${f.unavoidableMs} ms`,
      `${f.wallMs} ms`,
      f.ratio.toFixed(2),
      `${f.readerCpuMs} ms`,
      `${f.peakHeapMb} MB`,
      `${f.peakGrowthMb} MB`,
      `${f.retainedMb} MB`,
    ]),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureM365Sync();
  const rows = m365SyncTable(figures);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}
