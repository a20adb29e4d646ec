// How long reading a Google Workspace takes compared with its longest chain of dependent page
// fetches, and how much heap the reader uses, on the fake Google with every answer delayed.
// The fake runs in a child process so that its own memory (the whole workspace) stays out of
// the measure. Run alone: `npx tsx bench/google-sync.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  GoogleApi,
  type GoogleGrant,
  readWorkspace,
} from '../apps/server/src/modules/integrations/google';
import type { LoggedRequest } from '../apps/server/test/fakes/google/fake-google';
import { TEST_CLIENT } from '../apps/server/test/fakes/test-client';
import { HOST, repoRoot } from './server-process';

export type GoogleSyncFigures = {
  users: number;
  members: number;
  latencyMs: number;
  /** Median of the measured reads. */
  wallMs: number;
  requests: number;
  /** The longest list, in pages: each page needs the previous one's nextPageToken. */
  longestChain: { list: string; pages: number };
  /** longestChain.pages × latencyMs: no read of this workspace can be faster. */
  unavoidableMs: number;
  /** wallMs ÷ unavoidableMs (target ≤ 1.5). */
  ratio: number;
  /** What the fake itself spent answering the longest chain (part of wallMs, not of the reader). */
  fakeWorkOnChainMs: number;
  /** CPU time of this process (the reader) during a read. */
  readerCpuMs: number;
  /** Highest used heap seen during a read, and how far above the heap before it that is. */
  peakHeapMb: number;
  peakGrowthMb: number;
  /** Heap kept after a full GC with the read's result still held, above the heap before it. */
  retainedMb: number;
};

const DOMAIN = 'bench-workspace.test';
const MB = 1024 * 1024;

/** A full GC, so heap figures are not just the garbage of whatever ran before. */
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
    ['--import', 'tsx', 'apps/server/test/fakes/run-google.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, GOOGLE_FAKE_PORT: String(port), GOOGLE_FAKE_DOMAIN: DOMAIN },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('fake Google: ')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`fake Google exited (${code}):\n${output}`)));
  });
  // An interrupted bench must not leave the fake running.
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

/** The list a request belongs to: its path, and for audit logs the event it asks for. */
const listOf = (r: LoggedRequest) =>
  r.query.eventName ? `${r.path} (${r.query.eventName})` : r.path;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

async function measureOne(
  userCount: number,
  opts: { latencyMs: number; members: number; runs: number },
): Promise<GoogleSyncFigures> {
  const fake = await startFakeProcess();
  try {
    await control(fake.url, 'POST', '/__fake/world', { domain: DOMAIN, seed: 42, userCount });
    const world = await control<{ admins: string[]; sampleEmails: string[] }>(
      fake.url,
      'GET',
      `/__fake/world?sample=${opts.members}`,
    );
    const admin = world.admins[0];
    if (!admin) throw new Error('the generated workspace has no admin');
    const issued = await control<Omit<GoogleGrant, 'expiresAt'> & { expiresAt: string }>(
      fake.url,
      'POST',
      '/__fake/grants',
      { email: admin },
    );
    const grant: GoogleGrant = { ...issued, expiresAt: new Date(issued.expiresAt) };
    const cfg = {
      baseUrl: fake.url,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      redirectUri: 'http://127.0.0.1/unused',
    };
    await control(fake.url, 'POST', '/__fake/latency', { ms: opts.latencyMs });
    const memberEmails = new Set(world.sampleEmails);

    const walls: number[] = [];
    let peakHeap = 0;
    let peakGrowth = 0;
    let retained = 0;
    const cpus: number[] = [];
    let log: LoggedRequest[] = [];
    // The first read is a warm-up (connections, JIT); the others are measured.
    for (let run = 0; run <= opts.runs; run += 1) {
      await control(fake.url, 'DELETE', '/__fake/requests');
      const api = new GoogleApi(cfg, grant);
      collectGarbage();
      const before = getHeapStatistics().used_heap_size;
      let peak = before;
      // getHeapStatistics, unlike memoryUsage, reads no RSS: cheap enough to sample often.
      const sampler = setInterval(() => {
        peak = Math.max(peak, getHeapStatistics().used_heap_size);
      }, 5);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const facts = await readWorkspace(api, { domain: DOMAIN, memberEmails, now: new Date() });
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      clearInterval(sampler);
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
      collectGarbage();
      const kept = getHeapStatistics().used_heap_size - before;
      if (facts.userCount === 0) throw new Error('the read found no users');
      if (run === 0) continue;
      walls.push(wall);
      cpus.push((cpu.user + cpu.system) / 1000);
      peakHeap = Math.max(peakHeap, peak);
      peakGrowth = Math.max(peakGrowth, peak - before);
      retained = Math.max(retained, kept);
      log = (await control<{ requests: LoggedRequest[] }>(fake.url, 'GET', '/__fake/requests'))
        .requests;
    }

    const pagesPerList = new Map<string, number>();
    for (const r of log) pagesPerList.set(listOf(r), (pagesPerList.get(listOf(r)) ?? 0) + 1);
    const [list, pages] = [...pagesPerList].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    const wallMs = median(walls);
    const fakeWork = log.filter((r) => listOf(r) === list).reduce((sum, r) => sum + r.workMs, 0);
    const unavoidableMs = pages * opts.latencyMs;
    return {
      users: userCount,
      members: memberEmails.size,
      latencyMs: opts.latencyMs,
      wallMs: Math.round(wallMs),
      requests: log.length,
      longestChain: { list, pages },
      unavoidableMs,
      ratio: round(wallMs / unavoidableMs, 2),
      fakeWorkOnChainMs: Math.round(fakeWork),
      readerCpuMs: Math.round(median(cpus)),
      peakHeapMb: round(peakHeap / MB),
      peakGrowthMb: round(peakGrowth / MB),
      retainedMb: round(retained / MB, 2),
    };
  } finally {
    fake.child.kill('SIGTERM');
  }
}

export async function measureGoogleSync(
  userCounts: readonly number[] = [5_000, 20_000],
  opts = { latencyMs: 50, members: 200, runs: 5 },
): Promise<GoogleSyncFigures[]> {
  const figures: GoogleSyncFigures[] = [];
  for (const users of userCounts) figures.push(await measureOne(users, opts));
  return figures;
}

export function googleSyncTable(figures: readonly GoogleSyncFigures[]): string[][] {
  return [
    [
      '  Users',
      'Requests',
      'Longest chain',
      'Unavoidable',
      'Read (median)',
      'Ratio',
      'Fake on chain',
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
      `${f.fakeWorkOnChainMs} ms`,
      `${f.readerCpuMs} ms`,
      `${f.peakHeapMb} MB`,
      `${f.peakGrowthMb} MB`,
      `${f.retainedMb} MB`,
    ]),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureGoogleSync();
  const rows = googleSyncTable(figures);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}
