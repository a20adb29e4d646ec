import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseLocation, databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import { catalogueById } from '../modules/tasks/catalogue';
import type { Database } from './client';
import { seedDemoData } from './demo-data';
import { organizations, taskCompletions, users } from './schema';

const PRODUCT_DOMAIN = 'product.test';

async function everything(database: Database) {
  const { db } = database;
  const orgs = await db.select().from(organizations).orderBy(asc(organizations.domain));
  const people = await db
    .select({
      email: users.email,
      role: users.role,
      isStaff: users.isStaff,
      domain: organizations.domain,
      status: organizations.status,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId));
  return { orgs, people };
}

describe.each(databaseKinds())('seedDemoData on %s', (kind) => {
  let location: DatabaseLocation | undefined;
  let database: Database | undefined;
  const open = async () => {
    location = await freshDatabaseLocation(kind);
    database = await location.open();
    return database;
  };
  afterEach(async () => {
    await database?.close();
    await location?.dispose();
    database = undefined;
    location = undefined;
  });

  it('records demo progress only on tasks of the catalogue, at their version', async () => {
    const db = await open();
    await seedDemoData(db.db, PRODUCT_DOMAIN);
    const done = await db.db.select().from(taskCompletions);
    expect(done.length).toBeGreaterThan(0);
    for (const row of done) {
      expect(catalogueById.get(row.catalogueId)?.version, row.catalogueId).toBe(
        row.catalogueVersion,
      );
    }
  });

  it('fills an empty database, then never again', async () => {
    const db = await open();
    expect(await seedDemoData(db.db, PRODUCT_DOMAIN)).toBe(true);
    const { orgs, people } = await everything(db);

    const of = (domain: string) => people.filter((p) => p.domain === domain);
    const registered = of('brightwave.example');
    expect(registered.every((p) => p.status === 'REGISTERED')).toBe(true);
    expect(registered.filter((p) => p.role === 'admin').map((p) => p.email)).toEqual([
      'alice.morgan@brightwave.example',
    ]);
    expect(registered.filter((p) => p.role === 'user').length).toBeGreaterThanOrEqual(8);

    expect(of('northfield.example')).toEqual([
      expect.objectContaining({
        email: 'noah.fields@northfield.example',
        role: 'admin',
        status: 'PENDING',
      }),
    ]);

    const staff = people.filter((p) => p.isStaff);
    expect(staff.length).toBeGreaterThanOrEqual(1);
    for (const s of staff) expect(s.domain.endsWith(PRODUCT_DOMAIN)).toBe(true);
    expect(people.filter((p) => !p.domain.endsWith(PRODUCT_DOMAIN)).some((p) => p.isStaff)).toBe(
      false,
    );

    // Marked as made up, so that test login may sign in as their users and nobody else.
    expect(orgs.map((o) => [o.domain, o.isDemo])).toEqual(orgs.map((o) => [o.domain, true]));

    expect(await seedDemoData(db.db, PRODUCT_DOMAIN)).toBe(false);
    expect(await everything(db)).toEqual({ orgs, people });
  });

  it('adds nothing to a database that has any organisation', async () => {
    const db = await open();
    await db.db.insert(organizations).values({ domain: 'someone.example' });
    expect(await seedDemoData(db.db, PRODUCT_DOMAIN)).toBe(false);
    const { orgs, people } = await everything(db);
    expect(orgs.map((o) => o.domain)).toEqual(['someone.example']);
    expect(people).toEqual([]);
  });
});
