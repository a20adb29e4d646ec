// What the provider-read benches (google-sync.ts, m365-sync.ts) share: the fake in a child
// process and its controls, the heap and CPU sampling of the measured reads, and the table.
import { type ChildProcess, spawn } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { PROVIDERS, type ProviderId } from '@castellan/contract';
import { collectGarbage } from './collect-garbage';
import { freePort, HOST, repoRoot } from './server-process';

export const MB = 1024 * 1024;

const RUN_FAKE = 'apps/server/test/fakes/run-fake.ts';

/** The figures of every provider read; each bench adds its own. */
export type ProviderReadFigures = {
  users: number;
  members: number;
  latencyMs: number;
  /** Median of the measured reads. */
  wallMs: number;
  requests: number;
  /** The longest chain of pages, each needing the one before. */
  longestChain: { list: string; pages: number };
  /** longestChain.pages × latencyMs: no read can be faster. */
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

/**
 * Starts a provider's fake (apps/server/test/fakes/run-fake.ts) in a child process, ready once it
 * prints `fake <provider name>: `. An interrupted bench does not leave it running.
 */
export async function startFakeProcess(
  provider: ProviderId,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const name = PROVIDERS[provider].name;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', RUN_FAKE, provider], {
    cwd: repoRoot,
    env: { ...process.env, FAKE_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`fake ${name}: `)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`fake ${name} exited (${code}):\n${output}`)));
  });
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  await ready;
  return { url: `http://${HOST}:${port}`, child };
}

/** A call to the fake's control API (`/__fake/…`). */
export async function control<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** What the measured reads came to: medians of time, highest of heap (bytes), the last log. */
export type MeasuredReads<L> = {
  wallMs: number;
  cpuMs: number;
  peakHeap: number;
  peakGrowth: number;
  retained: number;
  /** The fake's request log of the last read. */
  log: L[];
};

/**
 * `runs` reads after a warm-up (connections, JIT). `newRead` makes a read before the heap is
 * measured (the API session, say); `check` throws when a read's result is wrong.
 */
export async function measureReads<T, L>(
  fakeUrl: string,
  runs: number,
  newRead: () => () => Promise<T>,
  check: (result: T) => void,
): Promise<MeasuredReads<L>> {
  const walls: number[] = [];
  const cpus: number[] = [];
  let peakHeap = 0;
  let peakGrowth = 0;
  let retained = 0;
  let log: L[] = [];
  for (let run = 0; run <= runs; run += 1) {
    await control(fakeUrl, 'DELETE', '/__fake/requests');
    const read = newRead();
    collectGarbage();
    const before = getHeapStatistics().used_heap_size;
    let peak = before;
    // getHeapStatistics, unlike memoryUsage, reads no RSS: cheap enough to sample often.
    const sampler = setInterval(() => {
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
    }, 5);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await read();
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    peak = Math.max(peak, getHeapStatistics().used_heap_size);
    collectGarbage();
    const kept = getHeapStatistics().used_heap_size - before;
    check(result);
    if (run === 0) continue;
    walls.push(wall);
    cpus.push((cpu.user + cpu.system) / 1000);
    peakHeap = Math.max(peakHeap, peak);
    peakGrowth = Math.max(peakGrowth, peak - before);
    retained = Math.max(retained, kept);
    log = (await control<{ requests: L[] }>(fakeUrl, 'GET', '/__fake/requests')).requests;
  }
  return { wallMs: median(walls), cpuMs: median(cpus), peakHeap, peakGrowth, retained, log };
}

/** The chain with the most requests in `log`, `chainOf` naming each request's chain. */
export function longestChain<L>(
  log: readonly L[],
  chainOf: (r: L) => string,
): { list: string; pages: number } {
  const pagesPerChain = new Map<string, number>();
  for (const r of log) pagesPerChain.set(chainOf(r), (pagesPerChain.get(chainOf(r)) ?? 0) + 1);
  const [list, pages] = [...pagesPerChain].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  return { list, pages };
}

/**
 * The most requests of `log` the fake held at once, each from its arrival (in whole ms) for the
 * latency it added, the least it held any: how many calls the reader keeps going side by side.
 */
export function peakInFlight<L extends { at: number }>(
  log: readonly L[],
  latencyMs: number,
): number {
  const edges = log.flatMap((r) => [
    { at: r.at, step: 1 },
    { at: r.at + latencyMs, step: -1 },
  ]);
  // Ends before starts at the same instant: a call starting as another ends is not beside it.
  edges.sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let peak = 0;
  for (const e of edges) {
    now += e.step;
    peak = Math.max(peak, now);
  }
  return peak;
}

/** The median of each phase's times, the warm-up read (the first) left out. */
export function medianPhases<K extends string>(
  phases: readonly Record<K, number>[],
  keys: readonly K[],
): Record<K, number> {
  const measured = phases.slice(1);
  return Object.fromEntries(
    keys.map((k) => [k, Math.round(median(measured.map((p) => p[k])))]),
  ) as Record<K, number>;
}

/** The table of the figures; a bench's own columns stand after Ratio. */
export function providerReadTable<F extends ProviderReadFigures>(
  figures: readonly F[],
  own: readonly { header: string; cell: (f: F) => string }[] = [],
): string[][] {
  return [
    [
      '  Users',
      'Requests',
      'Longest chain',
      'Unavoidable',
      'Read (median)',
      'Ratio',
      ...own.map((c) => c.header),
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
      ...own.map((c) => c.cell(f)),
      `${f.readerCpuMs} ms`,
      `${f.peakHeapMb} MB`,
      `${f.peakGrowthMb} MB`,
      `${f.retainedMb} MB`,
    ]),
  ];
}

/** Prints the rows in columns, for a bench run alone. */
export function printTable(rows: readonly string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}
