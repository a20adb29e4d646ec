import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layering, read from its import statements: imports between module folders and
 * between the top-level folders run one way (no cycle), only repositories (and `db/` itself)
 * touch the tables, and routes reach the data through services.
 */

const SRC = import.meta.dirname;

type Import = { from: string; to: string; text: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The file a relative specifier names, relative to `SRC`; null when it leaves `SRC`. */
function resolve(fromFile: string, specifier: string, known: Set<string>): string | null {
  const base = path.relative(SRC, path.resolve(SRC, path.dirname(fromFile), specifier));
  if (base.startsWith('..')) return null;
  const candidates = [base, `${base}.ts`, `${base}/index.ts`].map((p) =>
    p.split(path.sep).join('/'),
  );
  return candidates.find((c) => known.has(c)) ?? null;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gm;

function readImports(): Import[] {
  const files = sourceFiles(SRC).map((f) => path.relative(SRC, f).split(path.sep).join('/'));
  const known = new Set(files);
  return files.flatMap((file) => {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    return [...text.matchAll(IMPORT)].flatMap((m) => {
      const specifier = m[4] ?? '';
      if (!specifier.startsWith('.')) return [];
      const to = resolve(file, specifier, known);
      const names = m[3] ?? '';
      // `import type { … }` or `import { type A, type B }`: no value crosses.
      const typeOnly =
        Boolean(m[2]) ||
        (/^\{[^}]*\}$/.test(names) &&
          names
            .slice(1, -1)
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean)
            .every((n) => n.startsWith('type ')));
      return to ? [{ from: file, to, text: m[0].trim().replace(/\s+/g, ' '), typeOnly }] : [];
    });
  });
}

/** `modules/<name>` for a module's file, else its top-level folder or root file. */
const moduleOf = (file: string) => {
  const [top, second] = file.split('/');
  return top === 'modules' ? `modules/${second}` : null;
};
const topLevelOf = (file: string) => file.split('/')[0] ?? file;

/** The groups of nodes that reach each other (strongly connected components of size > 1). */
function cycles(edges: [string, string][]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [a, b] of edges) next.set(a, (next.get(a) ?? new Set()).add(b));
  const reach = (start: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      for (const n of next.get(stack.pop() ?? '') ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          stack.push(n);
        }
      }
    }
    return seen;
  };
  const reaches = new Map([...next.keys()].map((n) => [n, reach(n)]));
  const groups = new Map<string, string[]>();
  for (const [node, reached] of reaches) {
    if (!reached.has(node)) continue;
    const group = [...reached].filter((other) => reaches.get(other)?.has(node)).sort();
    groups.set(group.join(' ↔ '), group);
  }
  return [...groups.values()];
}

/** Each import that runs between two members of one cycle, as `file: import … from '…'`. */
function cycleReport(imports: Import[], unitOf: (file: string) => string | null): string[] {
  const between = imports
    .map((i) => ({ ...i, a: unitOf(i.from), b: unitOf(i.to) }))
    .filter((i): i is Import & { a: string; b: string } => !!i.a && !!i.b && i.a !== i.b);
  const groups = cycles(between.map((i) => [i.a, i.b]));
  return groups.flatMap((group) => [
    `cycle: ${group.join(' ↔ ')}`,
    ...between
      .filter((i) => group.includes(i.a) && group.includes(i.b))
      .map((i) => `  ${i.from}: ${i.text}`),
  ]);
}

/**
 * The repository that owns each table: the only one that reads it first-hand (`from`) or
 * changes it. Others may join it to what they read (a session with its user, a completion with
 * the name of who completed it).
 */
const TABLE_OWNERS: Record<string, string> = {
  users: 'modules/users/repository.ts',
  userIdentities: 'modules/users/repository.ts',
  removedMembers: 'modules/users/repository.ts',
  organizations: 'modules/organizations/repository.ts',
  sessions: 'modules/sessions/repository.ts',
  oidcLogins: 'modules/auth/oidc/repository.ts',
  taskCompletions: 'modules/tasks/repository.ts',
  taskEvidence: 'modules/tasks/repository.ts',
  taskNotApplicable: 'modules/tasks/states/repository.ts',
  taskSnoozes: 'modules/tasks/states/repository.ts',
  taskChanges: 'modules/tasks/repository.ts',
  attachments: 'modules/tasks/attestations/repository.ts',
  attachmentPurges: 'modules/tasks/attestations/repository.ts',
  taskAttestations: 'modules/tasks/attestations/repository.ts',
  taskReattestation: 'modules/tasks/attestations/repository.ts',
  reportShares: 'modules/reports/repository.ts',
  reportShareOpens: 'modules/reports/repository.ts',
  integrations: 'modules/integrations/kit/repository.ts',
  scoreSnapshots: 'modules/score/repository.ts',
  domainScans: 'modules/risk-analysis/repository.ts',
  partnerLinks: 'modules/partners/repository.ts',
  partnerBaselines: 'modules/partners/repository.ts',
  baselineApplications: 'modules/partners/repository.ts',
  watchSettings: 'modules/watch/repository.ts',
  watchTargets: 'modules/watch/repository.ts',
  watchChanges: 'modules/watch/repository.ts',
  watchCtSearches: 'modules/watch/repository.ts',
  breachCostSnapshots: 'modules/attack-graph/repository.ts',
  auditEvents: 'modules/audit/repository.ts',
  analyticsEvents: 'modules/analytics/repository.ts',
  tourStates: 'modules/tours/repository.ts',
  allowListEntries: 'modules/allow-list/repository.ts',
  approvedApps: 'modules/connected-apps/repository.ts',
  stripeEvents: 'modules/billing/repository.ts',
  trustPages: 'modules/trust-center/repository.ts',
  agentEnrollmentCodes: 'modules/agent/repository.ts',
  agentDevices: 'modules/agent/repository.ts',
  jobWorkers: 'jobs/repository.ts',
  jobClaims: 'jobs/repository.ts',
  providerSyncSlots: 'jobs/repository.ts',
  mailMessages: 'modules/mail/repository.ts',
  taskDeadlines: 'modules/tasks/states/repository.ts',
  taskEscalationOff: 'modules/tasks/states/repository.ts',
  nudges: 'modules/nudges/repository.ts',
  phishingSettings: 'modules/phishing/repository.ts',
  phishingCampaigns: 'modules/phishing/repository.ts',
  phishingMessages: 'modules/phishing/repository.ts',
};

/** The tables `db/schema` declares, by their exported names. */
const declaredTables = () =>
  readdirSync(path.join(SRC, 'db/schema')).flatMap((file) =>
    [
      ...readFileSync(path.join(SRC, 'db/schema', file), 'utf8').matchAll(
        /^export const (\w+) = pgTable\(/gm,
      ),
    ].map((m) => m[1] ?? ''),
  );

const TABLE_USE = /\.(from|insert|update|delete)\(\s*(\w+)\s*\)/g;

const isRepository = (file: string) => /(^|\/)repository\.ts$/.test(file);
const isRoutes = (file: string) => /(^|\/|-)routes\.ts$/.test(file);

describe('server architecture', () => {
  const imports = readImports();

  it('has no import cycle between module folders', () => {
    expect(cycleReport(imports, moduleOf)).toEqual([]);
  });

  it('has no import cycle between top-level folders (plugins, lib, modules, db, jobs)', () => {
    expect(cycleReport(imports, topLevelOf)).toEqual([]);
  });

  it('lets only repositories and db/ import the tables', () => {
    const offending = imports.filter(
      (i) =>
        /^db\/schema(\/|$)/.test(i.to) &&
        !i.typeOnly &&
        !i.from.startsWith('db/') &&
        !isRepository(i.from),
    );
    expect(offending.map((i) => `${i.from}: ${i.text}`)).toEqual([]);
  });

  it('gives every table one owner: only its repository selects from it or changes it', () => {
    const offending = sourceFiles(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((file) => !file.startsWith('db/'))
      .flatMap((file) =>
        [...readFileSync(path.join(SRC, file), 'utf8').matchAll(TABLE_USE)]
          .filter(([, , table]) => table && table in TABLE_OWNERS && TABLE_OWNERS[table] !== file)
          .map(([use]) => `${file}: ${use}`),
      );
    expect(offending).toEqual([]);
  });

  it('knows the owner of every table the schema declares', () => {
    const tables = declaredTables();
    expect(tables.length).toBeGreaterThan(15);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
  });

  it("lets jobs reach a module's data only through its services", () => {
    const offending = imports.filter(
      (i) =>
        i.from.startsWith('jobs/') &&
        i.to.startsWith('modules/') &&
        isRepository(i.to) &&
        !i.typeOnly,
    );
    expect(offending.map((i) => `${i.from}: ${i.text}`)).toEqual([]);
  });

  it('keeps the sign-in protocol out of routes: they carry cookies and redirects only', () => {
    const offending = sourceFiles(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((file) => isRoutes(file))
      .filter((file) => /from 'openid-client'/.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  describe('the integrations module: a kit, one adapter per provider, one list', () => {
    const MODULE = 'modules/integrations/';
    const inModule = imports.filter((i) => i.from.startsWith(MODULE) && i.to.startsWith(MODULE));
    /** `kit`, a provider's folder, or null for the module's own files (the list, the service…). */
    const folderOf = (file: string) => {
      const parts = file.slice(MODULE.length).split('/');
      return parts.length > 1 ? (parts[0] ?? null) : null;
    };
    const report = (found: Import[]) => found.map((i) => `${i.from}: ${i.text}`);

    it('has no import back up: the kit imports only itself', () => {
      expect(
        report(inModule.filter((i) => folderOf(i.from) === 'kit' && folderOf(i.to) !== 'kit')),
      ).toEqual([]);
    });

    it('lets a provider import only its own folder, the kit and the list’s types', () => {
      const offending = inModule.filter((i) => {
        const from = folderOf(i.from);
        const to = folderOf(i.to);
        if (from === null || from === 'kit' || to === from || to === 'kit') return false;
        return !(i.to === `${MODULE}providers.ts` && i.typeOnly);
      });
      expect(report(offending)).toEqual([]);
    });

    it('lets the shared files reach a provider only through the list, and the list only its adapter', () => {
      const offending = inModule.filter((i) => {
        const to = folderOf(i.to);
        if (folderOf(i.from) !== null || to === null || to === 'kit') return false;
        return !(i.from === `${MODULE}providers.ts` && i.to === `${MODULE}${to}/adapter.ts`);
      });
      expect(report(offending)).toEqual([]);
    });

    it('has an adapter folder for every provider of the contract’s list, and no other', async () => {
      const { PROVIDER_IDS } = await import('@castellan/contract');
      const { ADAPTERS } = await import('./modules/integrations/providers');
      expect(Object.keys(ADAPTERS)).toEqual([...PROVIDER_IDS]);
      for (const [id, adapter] of Object.entries(ADAPTERS)) expect(adapter.id).toBe(id);
      const folders = readdirSync(path.join(SRC, MODULE), { withFileTypes: true })
        .filter((e) => e.isDirectory() && e.name !== 'kit')
        .map((e) => e.name);
      const adapterFiles = imports
        .filter((i) => i.from === `${MODULE}providers.ts` && i.to.endsWith('/adapter.ts'))
        .filter((i) => folderOf(i.to) !== 'kit')
        .map((i) => folderOf(i.to));
      expect(adapterFiles.sort()).toEqual(folders.sort());
    });
  });

  it('lets routes reach repositories only through services', () => {
    const offending = imports.filter((i) => isRoutes(i.from) && isRepository(i.to));
    expect(offending.map((i) => `${i.from}: ${i.text}`)).toEqual([]);
  });
});
