// How long reading a Microsoft 365 tenant takes compared with its longest chain of dependent
// page fetches, and how much heap the reader uses, on the fake Microsoft with every answer
// delayed. The read is what the sync does (microsoft/sync.ts): the tenant (users, sign-ins,
// policies, Intune's devices, …), then the delegated permission grants and each granted app's
// service principal. The fake runs in a child process so that its own memory (the whole tenant)
// stays out of the measure. Run alone: `npx tsx bench/m365-sync.ts`.
import { runTogether } from '../apps/server/src/modules/integrations/kit/run-together';
import {
  GraphApi,
  type MicrosoftGrant,
  readTenant,
} from '../apps/server/src/modules/integrations/microsoft';
import { readAppGrants } from '../apps/server/src/modules/integrations/microsoft/app-grants';
import type { LoggedRequest } from '../apps/server/test/fakes/microsoft/fake-microsoft';
import { TEST_CLIENT } from '../apps/server/test/fakes/test-client';
import {
  control,
  longestChain,
  MB,
  measureReads,
  medianPhases,
  type ProviderReadFigures,
  peakInFlight,
  printTable,
  providerReadTable,
  round,
  startFakeProcess,
} from './provider-read';

/** A tenant to read: its generated users, and their devices and apps. */
export type M365World = {
  users: number;
  /** Devices Intune manages, spread over the users. */
  devices: number;
  /** Outside apps, each enabled member consenting to 1 to 3 of them. */
  apps: number;
};

/**
 * The longest chain's pages each need the one before: its nextLink, or its result. The app
 * grants' chain is the grants list's pages and then the service principals (looked up at once).
 */
export type M365SyncFigures = ProviderReadFigures & {
  failedSignIns: number;
  /** Devices in the tenant, those the read listed, and those of members it kept. */
  devices: { inTenant: number; listed: number; kept: number };
  /** The outside apps the read found, and the grants (people or everyone) behind them. */
  apps: { found: number; grants: number };
  grantPages: number;
  /** servicePrincipals/{id} calls, and the most the reader kept going at once. */
  principalCalls: number;
  principalCallsAtOnce: number;
  /** Medians of the read's two parts. */
  tenantMs: number;
  appsMs: number;
  /**
   * The fastest the sync's read can be in its order (the apps after the tenant), the principals
   * looked up at most principalCallsAtOnce at a time.
   */
  /** The slower of the two parts read at once, each at the reader's concurrency. */
  atOnceFloorMs: number;
};

const DOMAIN = 'bench-tenant.example';
const ADMIN = `bench.admin@${DOMAIN}`;
const DAY = 86_400_000;

const REGISTRATION = '/v1.0/reports/authenticationMethods/userRegistrationDetails';
const GRANTS = '/v1.0/oauth2PermissionGrants';
const PRINCIPAL = /^\/v1\.0\/servicePrincipals\/[^/]+$/;
const isAppsRead = (r: LoggedRequest) => r.path === GRANTS || PRINCIPAL.test(r.path);

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

type SyncRead = {
  tenant: Awaited<ReturnType<typeof readTenant>>;
  apps: Awaited<ReturnType<typeof readAppGrants>>;
  phases: { tenant: number; apps: number };
};

function appsOf(apps: SyncRead['apps'] | undefined): M365SyncFigures['apps'] {
  if (apps?.state !== 'read') return { found: 0, grants: 0 };
  const grants = apps.apps.reduce((sum, a) => sum + a.people + (a.everyone ? 1 : 0), 0);
  return { found: apps.apps.length, grants };
}

async function measureOne(
  world: M365World,
  opts: { latencyMs: number; members: number; failedSignIns: number; runs: number },
): Promise<M365SyncFigures> {
  const fake = await startFakeProcess('m365', { MICROSOFT_FAKE_DOMAIN: DOMAIN });
  try {
    const now = Date.now();
    await control(fake.url, 'POST', '/__fake/reset', {
      domain: DOMAIN,
      seed: 42,
      userCount: world.users,
      deviceCount: world.devices,
      appCount: world.apps,
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

    const phases: SyncRead['phases'][] = [];
    let last: SyncRead | undefined;
    const reads = await measureReads<SyncRead, LoggedRequest>(
      fake.url,
      opts.runs,
      () => {
        const api = new GraphApi(cfg, tenant.id, grant);
        // As microsoft/sync.ts: the tenant and the apps its people let in, at once (the grant
        // names the tenant). Each part's time runs from the start to its own end.
        return async () => {
          const started = performance.now();
          const took = { tenant: 0, apps: 0 };
          const timed = async <T>(part: keyof typeof took, read: Promise<T>) => {
            const value = await read;
            took[part] = performance.now() - started;
            return value;
          };
          const [facts, apps] = await runTogether(undefined, [
            (s) => timed('tenant', readTenant(api, { memberEmails, now: new Date(), signal: s })),
            (s) => timed('apps', readAppGrants(api, tenant.id, s)),
          ] as const);
          return { tenant: facts, apps, phases: took };
        };
      },
      (result) => {
        if (result.tenant.userCount === 0) throw new Error('the read found no users');
        const devices = result.tenant.devices;
        if (world.devices > 0 && !devices?.devices) {
          throw new Error(`devices not read: ${devices?.unknown ?? 'absent'}`);
        }
        if (result.apps.state !== 'read') throw new Error(`apps not read: ${result.apps.reason}`);
        phases.push(result.phases);
        last = result;
      },
    );

    const { log } = reads;
    const tenantChain = longestChain(
      log.filter((r) => !isAppsRead(r)),
      chainOf,
    );
    const grantPages = log.filter((r) => r.path === GRANTS).length;
    const principals = log.filter((r) => PRINCIPAL.test(r.path));
    const appsChain = grantPages + (principals.length > 0 ? 1 : 0);
    const { list, pages } =
      appsChain > tenantChain.pages
        ? { list: `${GRANTS} → /v1.0/servicePrincipals/{id}`, pages: appsChain }
        : tenantChain;
    const unavoidableMs = pages * opts.latencyMs;
    const atOnce = peakInFlight(principals, opts.latencyMs);
    const principalRounds = atOnce > 0 ? Math.ceil(principals.length / atOnce) : 0;
    const median = medianPhases(phases, ['tenant', 'apps']);
    const devices = last?.tenant.devices;
    return {
      users: world.users + 1,
      members: memberEmails.size,
      failedSignIns: opts.failedSignIns,
      latencyMs: opts.latencyMs,
      wallMs: Math.round(reads.wallMs),
      requests: log.length,
      longestChain: { list, pages },
      unavoidableMs,
      ratio: round(reads.wallMs / unavoidableMs, 2),
      devices: {
        inTenant: world.devices,
        listed: devices?.devices ? devices.listed : 0,
        kept: devices?.devices?.length ?? 0,
      },
      apps: appsOf(last?.apps),
      grantPages,
      principalCalls: principals.length,
      principalCallsAtOnce: atOnce,
      tenantMs: median.tenant,
      appsMs: median.apps,
      atOnceFloorMs: Math.max(tenantChain.pages, grantPages + principalRounds) * opts.latencyMs,
      readerCpuMs: Math.round(reads.cpuMs),
      peakHeapMb: round(reads.peakHeap / MB),
      peakGrowthMb: round(reads.peakGrowth / MB),
      retainedMb: round(reads.retained / MB, 2),
    };
  } finally {
    fake.child.kill('SIGTERM');
  }
}

/** 5,000 users with 2,000 devices and about 10,000 grants over 40 apps. */
export const M365_WORLDS: readonly M365World[] = [{ users: 5_000, devices: 2_000, apps: 40 }];

export async function measureM365Sync(
  worlds: readonly M365World[] = M365_WORLDS,
  opts = { latencyMs: 50, members: 200, failedSignIns: 2_500, runs: 3 },
): Promise<M365SyncFigures[]> {
  const figures: M365SyncFigures[] = [];
  for (const world of worlds) figures.push(await measureOne(world, opts));
  return figures;
}

export function m365SyncTable(figures: readonly M365SyncFigures[]): string[][] {
  return providerReadTable(figures, [
    {
      header: 'Devices: kept / listed',
      cell: (f) => (f.devices.inTenant > 0 ? `${f.devices.kept} / ${f.devices.listed}` : '–'),
    },
    { header: 'Apps (grants)', cell: (f) => `${f.apps.found} (${f.apps.grants})` },
    { header: 'Grant pages', cell: (f) => String(f.grantPages) },
    {
      header: 'Principal calls (at once)',
      cell: (f) => `${f.principalCalls} (${f.principalCallsAtOnce})`,
    },
    { header: 'Tenant part', cell: (f) => `${f.tenantMs} ms` },
    { header: 'Apps part', cell: (f) => `${f.appsMs} ms` },
    {
      header: 'Floor at once, ratio',
      cell: (f) => `${f.atOnceFloorMs} ms, ${(f.wallMs / f.atOnceFloorMs).toFixed(2)}`,
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(m365SyncTable(await measureM365Sync()));
}
