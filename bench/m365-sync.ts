// How long reading a Microsoft 365 tenant takes compared with its longest chain of dependent
// page fetches, and how much heap the reader uses, on the fake Microsoft with every answer
// delayed. The fake runs in a child process so that its own memory (the whole tenant) stays out
// of the measure. Run alone: `npx tsx bench/m365-sync.ts`.
import {
  GraphApi,
  type MicrosoftGrant,
  readTenant,
} from '../apps/server/src/modules/integrations/microsoft';
import type { LoggedRequest } from '../apps/server/test/fakes/microsoft/fake-microsoft';
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

/** The longest chain's pages each need the one before: its nextLink, or its result. */
export type M365SyncFigures = ProviderReadFigures & { failedSignIns: number };

const DOMAIN = 'bench-tenant.example';
const ADMIN = `bench.admin@${DOMAIN}`;
const DAY = 86_400_000;

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

async function measureOne(
  userCount: number,
  opts: { latencyMs: number; members: number; failedSignIns: number; runs: number },
): Promise<M365SyncFigures> {
  const fake = await startFakeProcess('m365', { MICROSOFT_FAKE_DOMAIN: DOMAIN });
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

    const reads = await measureReads<Awaited<ReturnType<typeof readTenant>>, LoggedRequest>(
      fake.url,
      opts.runs,
      () => {
        const api = new GraphApi(cfg, tenant.id, grant);
        return () => readTenant(api, { memberEmails, now: new Date() });
      },
      (facts) => {
        if (facts.userCount === 0) throw new Error('the read found no users');
        if (facts.failedLogins30d !== opts.failedSignIns) {
          throw new Error(
            `counted ${facts.failedLogins30d} failed sign-ins, not ${opts.failedSignIns}`,
          );
        }
      },
    );

    const { list, pages } = longestChain(reads.log, chainOf);
    const unavoidableMs = pages * opts.latencyMs;
    return {
      users: userCount + 1,
      members: memberEmails.size,
      failedSignIns: opts.failedSignIns,
      latencyMs: opts.latencyMs,
      wallMs: Math.round(reads.wallMs),
      requests: reads.log.length,
      longestChain: { list, pages },
      unavoidableMs,
      ratio: round(reads.wallMs / unavoidableMs, 2),
      readerCpuMs: Math.round(reads.cpuMs),
      peakHeapMb: round(reads.peakHeap / MB),
      peakGrowthMb: round(reads.peakGrowth / MB),
      retainedMb: round(reads.retained / MB, 2),
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
  return providerReadTable(figures);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(m365SyncTable(await measureM365Sync()));
}
