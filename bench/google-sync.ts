// How long reading a Google Workspace takes compared with its longest chain of dependent page
// fetches, and how much heap the reader uses, on the fake Google with every answer delayed.
// The fake runs in a child process so that its own memory (the whole workspace) stays out of
// the measure. Run alone: `npx tsx bench/google-sync.ts`.
import {
  GoogleApi,
  type GoogleGrant,
  readWorkspace,
} from '../apps/server/src/modules/integrations/google';
import type { LoggedRequest } from '../apps/server/test/fakes/google/fake-google';
import { TEST_CLIENT } from '../apps/server/test/fakes/test-client';
import {
  control,
  longestChain,
  MB,
  measureReads,
  type ProviderReadFigures,
  printTable,
  providerReadTable,
  round,
  startFakeProcess,
} from './provider-read';

/**
 * The longest chain is the longest list, in pages: each page needs the previous one's
 * nextPageToken. The ratio's target is ≤ 1.5.
 */
export type GoogleSyncFigures = ProviderReadFigures & {
  /** What the fake itself spent answering the longest chain (part of wallMs, not of the reader). */
  fakeWorkOnChainMs: number;
};

const DOMAIN = 'bench-workspace.test';

/** The list a request belongs to: its path, and for audit logs the event it asks for. */
const listOf = (r: LoggedRequest) =>
  r.query.eventName ? `${r.path} (${r.query.eventName})` : r.path;

async function measureOne(
  userCount: number,
  opts: { latencyMs: number; members: number; runs: number },
): Promise<GoogleSyncFigures> {
  const fake = await startFakeProcess('gws', { GOOGLE_FAKE_DOMAIN: DOMAIN });
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

    const reads = await measureReads<Awaited<ReturnType<typeof readWorkspace>>, LoggedRequest>(
      fake.url,
      opts.runs,
      () => {
        const api = new GoogleApi(cfg, grant);
        return () => readWorkspace(api, { domain: DOMAIN, memberEmails, now: new Date() });
      },
      (facts) => {
        if (facts.userCount === 0) throw new Error('the read found no users');
      },
    );

    const { log } = reads;
    const { list, pages } = longestChain(log, listOf);
    const fakeWork = log.filter((r) => listOf(r) === list).reduce((sum, r) => sum + r.workMs, 0);
    const unavoidableMs = pages * opts.latencyMs;
    return {
      users: userCount,
      members: memberEmails.size,
      latencyMs: opts.latencyMs,
      wallMs: Math.round(reads.wallMs),
      requests: log.length,
      longestChain: { list, pages },
      unavoidableMs,
      ratio: round(reads.wallMs / unavoidableMs, 2),
      fakeWorkOnChainMs: Math.round(fakeWork),
      readerCpuMs: Math.round(reads.cpuMs),
      peakHeapMb: round(reads.peakHeap / MB),
      peakGrowthMb: round(reads.peakGrowth / MB),
      retainedMb: round(reads.retained / MB, 2),
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
  return providerReadTable(figures, [
    { header: 'Fake on chain', cell: (f) => `${f.fakeWorkOnChainMs} ms` },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(googleSyncTable(await measureGoogleSync()));
}
