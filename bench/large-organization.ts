// A generated organisation of 200 people with the whole catalogue and realistic, partial
// progress, a connected Google Workspace that judged everyone's MFA, and a domain report of 500
// findings, written straight into the database of a stopped bench server.
import type { ScanFinding, ScanReport } from '@castellan/contract';
import { CHECKS } from '@castellan/scanner';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import {
  agentDevices,
  domainScans,
  integrations,
  organizations,
  taskCompletions,
  taskEvidence,
  users,
} from '../apps/server/src/db/schema';
import { secretHash } from '../apps/server/src/modules/agent/secrets';
import { CATALOGUE } from '../apps/server/src/modules/tasks/catalogue';

export const LARGE_ORG_DOMAIN = 'two-hundred.example';
export const LARGE_ORG_ADMIN = `admin.0@${LARGE_ORG_DOMAIN}`;
const MEMBERS = 200;
const ADMINS = 3;
const FINDINGS = 500;
/** Two enrolled computers per member, whose agents the bench reports as. */
export const BENCH_DEVICES = MEMBERS * 2;
export const benchDeviceToken = (i: number) => `cagt_bench-device-${i}`;

/** A bench report: the scanner's checks over and over, a third of them failing. */
function benchReport(next: () => number): ScanReport {
  const checks = Object.entries(CHECKS);
  const findings: ScanFinding[] = Array.from({ length: FINDINGS }, (_, i) => {
    const [check, about] = checks[i % checks.length] ?? ['mx', CHECKS.mx];
    const failed = next() < 0.33;
    return {
      id: `${check}.bench-${i}`,
      check,
      area: about.area,
      status: failed ? 'fail' : 'pass',
      severity: failed ? 'High' : 'Info',
      title: `${about.title}: bench finding ${i}`,
      evidence: 'Generated for the benchmark.',
      recommendation: failed ? 'Fix it.' : null,
      taskId: failed ? about.taskId : null,
    };
  });
  return {
    domain: LARGE_ORG_DOMAIN,
    webHost: LARGE_ORG_DOMAIN,
    scannedAt: new Date().toISOString(),
    durationMs: 0,
    score: 55,
    grade: 'D',
    caps: [],
    areas: [],
    findings,
  };
}

/** Deterministic 0–1 numbers, so every run benchmarks the same data. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

export async function seedLargeOrganization(dbEnv: Record<string, string>): Promise<void> {
  const database = await openDatabase({
    databaseUrl: dbEnv.DATABASE_URL,
    ...(dbEnv.DATA_DIR ? { dataDir: dbEnv.DATA_DIR } : {}),
  });
  try {
    await seedLargeOrganizationInto(database.db);
    // The planner's statistics, as autovacuum would soon gather them on a running database (the
    // bench machine's PostgreSQL may run without autovacuum): without them it plans the task
    // counts for an empty table, a tenth as fast.
    await database.executeSql('analyze');
  } finally {
    await database.close();
  }
}

/** The same, into a database already open. */
export async function seedLargeOrganizationInto(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ domain: LARGE_ORG_DOMAIN, status: 'REGISTERED', isDemo: true })
      .returning({ id: organizations.id });
    if (!org) throw new Error('bench organisation not created');
    const people = await tx
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          organizationId: org.id,
          email: `${i < ADMINS ? 'admin' : 'member'}.${i}@${LARGE_ORG_DOMAIN}`,
          firstName: `Person${i}`,
          lastName: `Bench`,
          role: i < ADMINS ? ('admin' as const) : ('user' as const),
        })),
      )
      .returning({ id: users.id });
    const next = random(42);
    const done = people.flatMap((person) =>
      CATALOGUE.filter((t) => t.scope === 'Individual' && next() < 0.4).map((t) => ({
        organizationId: org.id,
        catalogueId: t.id,
        catalogueVersion: t.version,
        userId: person.id,
        completedById: person.id,
      })),
    );
    const adminDone = CATALOGUE.filter((t) => t.scope === 'Admin' && next() < 0.5).map((t) => ({
      organizationId: org.id,
      catalogueId: t.id,
      catalogueVersion: t.version,
      userId: null,
      completedById: people[0]?.id ?? null,
    }));
    const rows = [...done, ...adminDone];
    for (let i = 0; i < rows.length; i += 500) {
      await tx.insert(taskCompletions).values(rows.slice(i, i + 500));
    }
    const now = new Date();
    await tx.insert(domainScans).values({
      organizationId: org.id,
      domain: LARGE_ORG_DOMAIN,
      state: 'done',
      checksDone: FINDINGS,
      checksTotal: FINDINGS,
      report: benchReport(next),
      finishedAt: now,
    });
    await tx.insert(integrations).values({
      organizationId: org.id,
      integrationId: 'gws',
      status: 'connected',
      lastScan: now,
    });
    await tx.insert(agentDevices).values(
      Array.from({ length: BENCH_DEVICES }, (_, i) => ({
        organizationId: org.id,
        userId: people[i % MEMBERS]?.id ?? '',
        tokenHash: secretHash(benchDeviceToken(i)),
        name: `Bench computer ${i}`,
        platform: (['linux', 'darwin', 'win32'] as const)[i % 3] ?? 'linux',
        osVersion: '1.0',
        agentVersion: '0.1.0',
      })),
    );
    await tx.insert(taskEvidence).values(
      people.map((person) => ({
        organizationId: org.id,
        catalogueId: 'enable-mfa',
        userId: person.id,
        source: 'gws',
        verdict: next() < 0.3 ? ('fail' as const) : ('pass' as const),
        detail: 'Generated for the benchmark.',
        checkedAt: now,
      })),
    );
  });
}
