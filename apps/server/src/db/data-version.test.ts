import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseLocation, databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import type { Database } from './client';

// An organisation's data_version (migrations 0014 and 0032) moves once per transaction that
// wrote its data, as that transaction commits; the writes themselves do not lock the
// organisation's row, so two transactions writing one organisation's data do not wait for each
// other.
describe.each(databaseKinds())('the data version on %s', (kind) => {
  let location: DatabaseLocation;
  let database: Database;
  let organizationId: string;
  beforeAll(async () => {
    location = await freshDatabaseLocation(kind);
    database = await location.open();
    const [org] = (
      await database.executeSql(
        `insert into organizations (domain, status) values ('version.example', 'REGISTERED') returning id`,
      )
    ).rows as { id: string }[];
    organizationId = org?.id ?? '';
  });
  afterAll(async () => {
    await database.close();
    await location.dispose();
  });

  const version = async () => {
    const [row] = (
      await database.executeSql('select data_version from organizations where id = $1', [
        organizationId,
      ])
    ).rows as { data_version: string }[];
    return Number(row?.data_version);
  };
  const evidence = (catalogueId: string, verdict = 'pass') =>
    sql`insert into task_evidence (organization_id, catalogue_id, source, verdict, checked_at)
        values (${organizationId}, ${catalogueId}, 'agent', ${verdict}, now())
        on conflict (organization_id, catalogue_id, user_id, source)
        do update set verdict = excluded.verdict`;

  it('moves once for a transaction of several writes, and not for one rolled back', async () => {
    const before = await version();
    await database.db.transaction(async (tx) => {
      await tx.execute(evidence('encrypt-disk'));
      await tx.execute(evidence('screen-lock'));
      await tx.execute(evidence('encrypt-disk', 'fail'));
      await tx.execute(sql`delete from task_evidence where catalogue_id = 'screen-lock'`);
    });
    expect(await version()).toBe(before + 1);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(evidence('firewall'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before + 1);
    // An update that changes nothing is no change.
    await database.db.execute(sql`update task_evidence set verdict = verdict`);
    expect(await version()).toBe(before + 1);
    expect((await database.executeSql('select * from data_version_bumps')).rows).toEqual([]);
  });

  it.skipIf(kind !== 'postgres')(
    'lets two transactions write one organisation’s data at once, each moving the version as it commits',
    async () => {
      const url = database.url ?? '';
      const first = new pg.Client(url);
      const second = new pg.Client(url);
      await Promise.all([first.connect(), second.connect()]);
      try {
        const before = await version();
        const write = (client: pg.Client, catalogueId: string) =>
          client.query(
            `insert into task_evidence (organization_id, catalogue_id, source, verdict, checked_at)
             values ($1, $2, 'agent', 'pass', now())`,
            [organizationId, catalogueId],
          );
        await first.query('begin');
        await write(first, 'backups');
        // The first has not committed: the second would wait for its lock, and give up at once.
        await second.query('begin');
        await second.query(`set local lock_timeout = '200ms'`);
        await write(second, 'update-software');
        await second.query('commit');
        expect(await version()).toBe(before + 1);
        await first.query('commit');
        expect(await version()).toBe(before + 2);
      } finally {
        await Promise.all([first.end(), second.end()]);
      }
    },
  );
});
