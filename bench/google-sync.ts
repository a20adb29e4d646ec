// How long reading a Google Workspace takes compared with its longest chain of dependent page
// fetches, and how much heap the reader uses, on the fake Google with every answer delayed.
// The full read is what the sync does (google/sync.ts): the workspace (users, policies, audit
// logs, devices, …), then each active user's grants to outside apps (tokens.list, one call per
// user). The fake runs in a child process so that its own memory (the whole workspace) stays
// out of the measure. Run alone: `npx tsx bench/google-sync.ts`.

import {
  GoogleApi,
  type GoogleGrant,
  readWorkspace,
} from '../apps/server/src/modules/integrations/google';
import {
  APP_TOKENS_PER_SECOND,
  readAppTokens,
} from '../apps/server/src/modules/integrations/google/app-tokens';
import type { LoggedRequest } from '../apps/server/test/fakes/google/fake-google';
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

/** A workspace to read: its size, and whether the read is the sync's or the workspace's alone. */
export type GoogleWorld = {
  users: number;
  /** Phones, tablets and Chromebooks spread over the users. */
  devices: number;
  /** Outside apps, each active user granting 1 to 3 of them. */
  apps: number;
  read: 'sync' | 'workspace';
  runs: number;
};

/**
 * The longest chain: the longest list, in pages, each page needing the previous one's
 * nextPageToken; in the sync's read, tokens.list needs the whole users list first, so that chain
 * is the users list's pages and one call. The ratio's target is ≤ 1.5.
 */
export type GoogleSyncFigures = ProviderReadFigures & {
  read: GoogleWorld['read'];
  /** What the fake itself spent answering the longest chain (part of wallMs, not of the reader). */
  fakeWorkOnChainMs: number;
  /** Devices in the workspace, those the read listed, and those of members it kept. */
  devices: { inWorkspace: number; listed: number; kept: number };
  /** The apps the read found, and the grants (person and app) behind them. */
  apps: { grants: number; found: number };
  /** tokens.list calls, and the most the reader kept going at once. */
  tokenCalls: number;
  tokenCallsAtOnce: number;
  /** Medians of the read's two parts. */
  workspaceMs: number;
  appsMs: number;
  /**
   * The fastest the sync's read can be while making at most tokenCallsAtOnce calls at once: the
   * users list's pages, then the tokens.list calls in rounds of that many.
   */
  floorAtThatMs: number;
};

const DOMAIN = 'bench-workspace.test';
const USERS_LIST = '/admin/directory/v1/users';
const TOKENS = /^\/admin\/directory\/v1\/users\/[^/]+\/tokens$/;

/** The list a request belongs to: its path, and for audit logs the event it asks for. */
const listOf = (r: LoggedRequest) =>
  r.query.eventName ? `${r.path} (${r.query.eventName})` : r.path;

/** Each person grants an app once (tokens.list has one token per app): people add up to grants. */
function appsOf(apps: SyncRead['apps']): GoogleSyncFigures['apps'] {
  if (apps?.state !== 'read') return { grants: 0, found: 0 };
  return { grants: apps.apps.reduce((sum, a) => sum + a.people, 0), found: apps.apps.length };
}

type SyncRead = {
  facts: Awaited<ReturnType<typeof readWorkspace>>;
  apps: Awaited<ReturnType<typeof readAppTokens>> | null;
  phases: { workspace: number; apps: number };
};

async function measureOne(
  world: GoogleWorld,
  opts: { latencyMs: number; members: number },
): Promise<GoogleSyncFigures> {
  const fake = await startFakeProcess('gws', { GOOGLE_FAKE_DOMAIN: DOMAIN });
  try {
    await control(fake.url, 'POST', '/__fake/world', {
      domain: DOMAIN,
      seed: 42,
      userCount: world.users,
      deviceCount: world.devices,
      appCount: world.apps,
    });
    const built = await control<{ admins: string[]; sampleEmails: string[] }>(
      fake.url,
      'GET',
      `/__fake/world?sample=${opts.members}`,
    );
    const admin = built.admins[0];
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
    const memberEmails = new Set(built.sampleEmails);

    const phases: SyncRead['phases'][] = [];
    let last: SyncRead | undefined;
    const reads = await measureReads<SyncRead, LoggedRequest>(
      fake.url,
      world.runs,
      () => {
        const api = new GoogleApi(cfg, grant);
        // As google/sync.ts: the workspace, then the active users' app grants.
        return async () => {
          const started = performance.now();
          const facts = await readWorkspace(api, { domain: DOMAIN, memberEmails, now: new Date() });
          const between = performance.now();
          const apps = world.read === 'sync' ? await readAppTokens(api, facts.directory) : null;
          const ended = performance.now();
          return { facts, apps, phases: { workspace: between - started, apps: ended - between } };
        };
      },
      (result) => {
        if (result.facts.userCount === 0) throw new Error('the read found no users');
        if (world.devices > 0 && result.facts.devices.devices === null) {
          throw new Error(`devices not read: ${result.facts.devices.unknown}`);
        }
        if (result.apps && result.apps.state !== 'read') {
          throw new Error(`apps not read: ${result.apps.reason}`);
        }
        phases.push(result.phases);
        last = result;
      },
    );

    const { log } = reads;
    const tokenCalls = log.filter((r) => TOKENS.test(r.path));
    const workspaceLog = log.filter((r) => !TOKENS.test(r.path));
    const longest = longestChain(workspaceLog, listOf);
    const usersPages = workspaceLog.filter((r) => r.path === USERS_LIST).length;
    const { list, pages } =
      tokenCalls.length > 0 && usersPages + 1 > longest.pages
        ? { list: `${USERS_LIST} → …/tokens`, pages: usersPages + 1 }
        : longest;
    const fakeWork = log.filter((r) => listOf(r) === list).reduce((sum, r) => sum + r.workMs, 0);
    const unavoidableMs = pages * opts.latencyMs;
    const atOnce = peakInFlight(tokenCalls, opts.latencyMs);
    const floorRounds = atOnce > 0 ? usersPages + Math.ceil(tokenCalls.length / atOnce) : pages;
    const median = medianPhases(phases, ['workspace', 'apps']);
    const devices = last?.facts.devices;
    return {
      users: world.users,
      read: world.read,
      members: memberEmails.size,
      latencyMs: opts.latencyMs,
      wallMs: Math.round(reads.wallMs),
      requests: log.length,
      longestChain: { list, pages },
      unavoidableMs,
      ratio: round(reads.wallMs / unavoidableMs, 2),
      fakeWorkOnChainMs: Math.round(fakeWork),
      devices: {
        inWorkspace: world.devices,
        listed: devices?.devices ? devices.listed : 0,
        kept: devices?.devices?.length ?? 0,
      },
      apps: appsOf(last?.apps ?? null),
      tokenCalls: tokenCalls.length,
      tokenCallsAtOnce: atOnce,
      workspaceMs: median.workspace,
      appsMs: median.apps,
      // The reader paces tokens.list under Google's quota: no faster than that either.
      floorAtThatMs: Math.max(
        floorRounds * opts.latencyMs,
        Math.round(
          usersPages * opts.latencyMs + (tokenCalls.length / APP_TOKENS_PER_SECOND) * 1000,
        ),
      ),
      readerCpuMs: Math.round(reads.cpuMs),
      peakHeapMb: round(reads.peakHeap / MB),
      peakGrowthMb: round(reads.peakGrowth / MB),
      retainedMb: round(reads.retained / MB, 2),
    };
  } finally {
    fake.child.kill('SIGTERM');
  }
}

/**
 * The sync's read of 5,000 users with 2,000 devices and about 10,000 grants over 40 apps, and,
 * to follow the lists' growth, the workspace alone at 20,000 users.
 */
export const GOOGLE_WORLDS: readonly GoogleWorld[] = [
  { users: 5_000, devices: 2_000, apps: 40, read: 'sync', runs: 1 },
  { users: 20_000, devices: 0, apps: 0, read: 'workspace', runs: 5 },
];

export async function measureGoogleSync(
  worlds: readonly GoogleWorld[] = GOOGLE_WORLDS,
  opts = { latencyMs: 50, members: 200 },
): Promise<GoogleSyncFigures[]> {
  const figures: GoogleSyncFigures[] = [];
  for (const world of worlds) figures.push(await measureOne(world, opts));
  return figures;
}

export function googleSyncTable(figures: readonly GoogleSyncFigures[]): string[][] {
  return providerReadTable(figures, [
    { header: 'Fake on chain', cell: (f) => `${f.fakeWorkOnChainMs} ms` },
    { header: 'Read', cell: (f) => f.read },
    {
      header: 'Devices: kept / listed',
      cell: (f) => (f.devices.inWorkspace > 0 ? `${f.devices.kept} / ${f.devices.listed}` : '–'),
    },
    {
      header: 'Apps (grants)',
      cell: (f) => (f.tokenCalls > 0 ? `${f.apps.found} (${f.apps.grants})` : '–'),
    },
    {
      header: 'tokens.list calls (at once)',
      cell: (f) => (f.tokenCalls > 0 ? `${f.tokenCalls} (${f.tokenCallsAtOnce})` : '–'),
    },
    { header: 'Workspace part', cell: (f) => `${f.workspaceMs} ms` },
    { header: 'Apps part', cell: (f) => (f.tokenCalls > 0 ? `${f.appsMs} ms` : '–') },
    {
      header: 'Floor at that concurrency and pace, ratio',
      cell: (f) =>
        f.tokenCalls > 0
          ? `${f.floorAtThatMs} ms, ${(f.wallMs / f.floorAtThatMs).toFixed(2)}`
          : '–',
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(googleSyncTable(await measureGoogleSync()));
}
