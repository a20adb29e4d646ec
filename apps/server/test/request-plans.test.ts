// No request path scans a whole large table: every statement the signed-in pages' calls send is
// planned by PostgreSQL (EXPLAIN) against generated data of many organisations, and a sequential
// scan of a table of more than LARGE_ROWS rows fails the test.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  GENERATED_SUFFIX,
  generatedAdmin,
  generatedMember,
  generateOrganizations,
} from '../../../bench/many-organizations';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { startSession } from '../src/modules/sessions/plugin';
import { copyOfTemplate } from './postgres-admin';
import { createTestApp, type TestApp, testConfig } from './test-app';

const template = inject('postgresTemplate');
/** Tables above this many rows are large: a request never reads one whole. */
const LARGE_ROWS = 5_000;
/** 400 organisations of 50: 20,000 members, some 190,000 completions, 44,000 evidence rows. */
const SCALE = { organizations: 400, membersPerOrganization: 50 };

/** The calls the signed-in pages make (GET: nothing changes while plans are taken). */
const MEMBER_CALLS = [
  '/api/auth/user-data',
  '/api/organization',
  '/api/actions',
  '/api/get-score',
  '/api/list-employees',
  '/api/risk-analysis',
  '/api/integrations',
  '/api/agent/devices',
  '/api/settings/notifications',
  '/api/nudges/settings',
];
const ADMIN_CALLS = [
  ...MEMBER_CALLS,
  '/api/actions?scope=organization',
  '/api/setup-checklist',
  '/api/frameworks',
  '/api/users',
  '/api/risk-analysis/attack-graph',
  '/api/board/risks',
  '/api/readiness/insurance',
  '/api/phishing',
  '/api/phishing/people',
  '/api/watch',
  '/api/mail/messages',
];

type Statement = { sql: string; params: unknown[] };
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function seqScans(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

describe.skipIf(!template)('the plans of the request paths with many organisations', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: TestApp;
  const statements: Statement[] = [];
  let recording = false;

  beforeAll(async () => {
    if (!template) return;
    database = await copyOfTemplate(template.adminUrl, template.name);
    await generateOrganizations(database.url, SCALE);
    const opened = await openDatabase({
      databaseUrl: database.url,
      logger: { logQuery: (sql, params) => recording && statements.push({ sql, params }) },
    });
    server = await createTestApp('postgres', {
      database: opened,
      setup: (app) => {
        app.get('/test-sign-in/:email', async (request, reply) => {
          const { email } = request.params as { email: string };
          const [user] = await opened.db.select().from(users).where(eq(users.email, email));
          if (!user) throw new Error(`no ${email}`);
          await startSession(request, reply, testConfig(), opened.db, user);
          return { signedIn: true };
        });
      },
    });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('reads no large table whole, for a member and an administrator', {
    timeout: 300_000,
  }, async () => {
    const n = Math.ceil(SCALE.organizations / 2);
    for (const [email, calls] of [
      [generatedMember(n, 7), MEMBER_CALLS],
      [generatedAdmin(n), ADMIN_CALLS],
    ] as const) {
      const signedIn = await server.app.inject({ url: `/test-sign-in/${email}` });
      const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      recording = true;
      for (const url of calls) {
        const res = await server.app.inject({ url, headers: { cookie } });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      }
      recording = false;
    }

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const sizes = new Map(
        (
          await client.query<{ relname: string; rows: number }>(
            `select relname, reltuples::bigint as rows from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
          )
        ).rows.map((r) => [r.relname, Number(r.rows)]),
      );
      const large = [...sizes].filter(([, rows]) => rows > LARGE_ROWS).map(([name]) => name);
      expect(large).toEqual(expect.arrayContaining(['users', 'task_completions', 'task_evidence']));
      const seen = new Set<string>();
      const problems: string[] = [];
      for (const { sql, params } of statements) {
        if (seen.has(sql) || !/^\s*(select|with)\b/i.test(sql)) continue;
        seen.add(sql);
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) ${sql}`,
          params,
        );
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
        for (const table of plan ? seqScans(plan) : []) {
          if ((sizes.get(table) ?? 0) > LARGE_ROWS)
            problems.push(`${table} ← ${sql.slice(0, 300)}`);
        }
      }
      expect(seen.size).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('generated what it was asked for', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from users where email like '%' || $1`,
        [GENERATED_SUFFIX],
      );
      expect(Number(rows[0]?.n)).toBe(SCALE.organizations * SCALE.membersPerOrganization);
    } finally {
      await client.end();
    }
  });
});
