// Many organisations, generated in PostgreSQL with SQL alone (generate_series), not through the
// API: organisations with members, completions, evidence from the suites and the agent, devices,
// a finished domain scan each and a month of score snapshots. 10,000 organisations of 50 members
// (500,000 members, about 1.1 million evidence rows) take a few minutes.
import { AGENT_CHECKS } from '@castellan/contract';
import pg from 'pg';
import { CATALOGUE } from '../apps/server/src/modules/tasks/catalogue';

export type Scale = { organizations: number; membersPerOrganization: number };
export const FULL_SCALE: Scale = { organizations: 10_000, membersPerOrganization: 50 };

/** Every generated organisation's domain ends so: the demo data is left as it is. */
export const GENERATED_SUFFIX = '.generated.example';
export const generatedDomain = (n: number) => `org-${n}${GENERATED_SUFFIX}`;
export const generatedAdmin = (n: number) => `person-1@${generatedDomain(n)}`;
export const generatedMember = (n: number, m: number) => `person-${m}@${generatedDomain(n)}`;

const individual = CATALOGUE.filter((t) => t.scope === 'Individual');
/** A task the suites judge per person, and those the agent judges per device. */
const SUITE_TASK = 'enable-mfa';
const AGENT_TASKS = Object.values(AGENT_CHECKS)
  .flatMap((c) => c.tasks)
  .slice(0, 3);

/** A small finished report, as a scan of a generated domain would keep. */
const REPORT = {
  webHost: null,
  durationMs: 1000,
  score: 72,
  grade: 'C',
  caps: [],
  areas: [],
  findings: [],
};

/** Fills the database at `url` (migrated) with `scale`; returns how many rows each table got. */
export async function generateOrganizations(
  url: string,
  scale: Scale,
): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts: Record<string, number> = {};
  const run = async (table: string, sql: string, values: unknown[] = []) => {
    const result = await client.query(sql, values);
    counts[table] = (counts[table] ?? 0) + (result.rowCount ?? 0);
  };
  try {
    await run(
      'organizations',
      `insert into organizations (domain, status, workspace, created_at)
       select 'org-' || g || $2, 'REGISTERED',
              (case when g % 3 = 0 then 'microsoft' else 'google' end)::workspace_suite,
              now() - (g % 365) * interval '1 day'
       from generate_series(1, $1::int) g`,
      [scale.organizations, GENERATED_SUFFIX],
    );
    await run(
      'users',
      `insert into users (organization_id, email, first_name, last_name, role, last_sign_in_at)
       select o.id, 'person-' || m || '@' || o.domain, 'Person', m::text,
              (case when m = 1 then 'admin' else 'user' end)::user_role,
              now() - (random() * 30) * interval '1 day'
       from organizations o cross join generate_series(1, $1::int) m
       where o.domain like '%' || $2`,
      [scale.membersPerOrganization, GENERATED_SUFFIX],
    );
    // About a third of each person's own tasks done, at some time in the last quarter.
    await run(
      'task_completions',
      `insert into task_completions (organization_id, catalogue_id, user_id, catalogue_version,
                                     completed_by_id, completed_at)
       select u.organization_id, t.id, u.id, t.version, u.id,
              now() - (random() * 90) * interval '1 day'
       from users u cross join unnest($1::text[], $2::int[]) as t(id, version)
       where u.email like '%' || $3 and random() < 0.33`,
      [individual.map((t) => t.id), individual.map((t) => t.version), GENERATED_SUFFIX],
    );
    // Every person judged by their suite; most by the agent of their computer; some twice.
    await run(
      'task_evidence',
      `insert into task_evidence (organization_id, catalogue_id, user_id, source, verdict, detail, checked_at)
       select u.organization_id, $1, u.id,
              case when o.workspace = 'microsoft' then 'm365' else 'gws' end,
              case when random() < 0.7 then 'pass' else 'fail' end, null,
              now() - (random() * 6) * interval '1 hour'
       from users u join organizations o on o.id = u.organization_id
       where u.email like '%' || $2`,
      [SUITE_TASK, GENERATED_SUFFIX],
    );
    await run(
      'task_evidence',
      `insert into task_evidence (organization_id, catalogue_id, user_id, source, verdict, detail, checked_at)
       select u.organization_id, t.id, u.id, 'agent',
              case when random() < 0.8 then 'pass' else 'fail' end, null,
              now() - (random() * 12) * interval '1 hour'
       from users u cross join unnest($1::text[]) as t(id)
       where u.email like '%' || $2 and random() < 0.4`,
      [AGENT_TASKS, GENERATED_SUFFIX],
    );
    await run(
      'agent_devices',
      `insert into agent_devices (organization_id, user_id, token_hash, name, platform, os_version,
                                  agent_version, last_report_at, last_reported_at)
       select u.organization_id, u.id, md5(u.id::text || 'device'), 'Laptop of ' || u.email,
              (array['win32', 'darwin', 'linux'])[1 + (abs(hashtext(u.email)) % 3)], '1', '0.1.0',
              now() - (random() * 12) * interval '1 hour', now() - (random() * 12) * interval '1 hour'
       from users u where u.email like '%' || $1`,
      [GENERATED_SUFFIX],
    );
    await run(
      'domain_scans',
      `insert into domain_scans (organization_id, domain, state, checks_done, checks_total, report,
                                 started_at, finished_at)
       select o.id, o.domain, 'done', 20, 20,
              $1::jsonb || jsonb_build_object('domain', o.domain, 'scannedAt', now()),
              now() - interval '1 day', now() - interval '1 day' + interval '40 seconds'
       from organizations o where o.domain like '%' || $2`,
      [JSON.stringify(REPORT), GENERATED_SUFFIX],
    );
    await run(
      'score_snapshots',
      `insert into score_snapshots (organization_id, day, score)
       select o.id, (now() - d * interval '1 day')::date, 40 + random() * 50
       from organizations o cross join generate_series(0, 29) d
       where o.domain like '%' || $1`,
      [GENERATED_SUFFIX],
    );
    await client.query('analyze');
    return counts;
  } finally {
    await client.end();
  }
}
