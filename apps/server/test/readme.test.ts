import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { organizations, users } from '../src/db/schema';
import { useTestApp } from './test-app';

/** What the README tells a newcomer in the first half hour, checked against the code. */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');

/** The rows of the first table after a heading. */
function tableRows(heading: string): string[] {
  const lines = readme.slice(readme.indexOf(`\n${heading}\n`)).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  return lines.slice(first + 2, end);
}

describe('the README', () => {
  it('says where `npm start` keeps the embedded database', () => {
    // npm runs a workspace's script in the workspace's folder, and so does `npm run demo`.
    expect(JSON.parse(read('package.json')).scripts.start).toMatch(/-w @castellan\/server$/);
    expect(read('scripts/demo.ts')).toContain("path.join(root, 'apps/server')");
    const { dataDir } = loadConfig({});
    const folder = path.relative(root, path.resolve(root, 'apps/server', dataDir));
    expect(folder).toBe('apps/server/data');
    expect(readme).toContain(`Its files are in \`${folder}\``);
    expect(readme).not.toMatch(/files under\s+`\.\/data`/);
  });

  describe('demo data table', () => {
    const server = useTestApp('pglite', { seed: true });

    it('lists every demo organisation with its administrators', async () => {
      const { db } = server().database;
      const orgs = await db
        .select({ id: organizations.id, domain: organizations.domain })
        .from(organizations)
        .where(eq(organizations.isDemo, true));
      const admins = await db
        .select({
          organizationId: users.organizationId,
          first: users.firstName,
          last: users.lastName,
        })
        .from(users)
        .where(eq(users.role, 'admin'));
      const rows = tableRows('## Demo data');
      expect(rows).toHaveLength(orgs.length);
      for (const org of orgs) {
        const row = rows.find((r) => r.startsWith(`| \`${org.domain}\``));
        expect(row, org.domain).toBeDefined();
        for (const admin of admins.filter((a) => a.organizationId === org.id)) {
          expect(row).toContain(`${admin.first} ${admin.last} (admin`);
        }
      }
    });
  });
});
