// How long a whole scan takes compared with its slowest single chain of probes, on the fixture
// internet with every DNS answer, HTTP response and SMTP reply delayed.
import { CHECK_IDS, runSingleCheck, scanDomain } from '@castellan/scanner';
import { startScanFixtures } from '@castellan/scanner/fixtures';

export type ScanSpeed = {
  domain: string;
  delayMs: number;
  /** Median of the whole scans. */
  scanMs: number;
  /** The slowest check run alone, and which it was. */
  slowestChainMs: number;
  slowestCheck: string;
  /** scanMs ÷ slowestChainMs: 1 means the scan takes no longer than its slowest chain. */
  ratio: number;
  /** What running every check one after the other would take. */
  sequentialMs: number;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed<T>(run: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export async function measureScanSpeed(delayMs = 100, runs = 5): Promise<ScanSpeed> {
  const fixtures = await startScanFixtures({ delayMs });
  const domain = 'good.test';
  try {
    const scans: number[] = [];
    for (let i = 0; i < runs; i += 1)
      scans.push(await timed(() => scanDomain(domain, fixtures.options)));
    const chains = new Map<string, number>();
    for (const check of CHECK_IDS) {
      const times: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        times.push(await timed(() => runSingleCheck(domain, check, fixtures.options)));
      }
      chains.set(check, median(times));
    }
    const [slowestCheck, slowestChainMs] = [...chains].reduce((a, b) => (b[1] > a[1] ? b : a));
    const scanMs = median(scans);
    return {
      domain,
      delayMs,
      scanMs: Math.round(scanMs),
      slowestChainMs: Math.round(slowestChainMs),
      slowestCheck,
      ratio: Math.round((scanMs / slowestChainMs) * 100) / 100,
      sequentialMs: Math.round([...chains.values()].reduce((sum, t) => sum + t, 0)),
    };
  } finally {
    await fixtures.close();
  }
}
