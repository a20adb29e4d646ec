import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabaseLocation } from '../../test/test-app';
import type { Database } from '../db/client';
import { ProviderSlots } from './provider-slots';
import { addProviderSlots, takeProviderSlot } from './repository';

/** A piece of work that runs until released, or until its signal fires. */
function heldWork() {
  let began = () => {};
  let release = () => {};
  const started = new Promise<void>((resolve) => {
    began = resolve;
  });
  const work = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      began();
      release = () => resolve('done');
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return { work, started, release: () => release() };
}

const never = new AbortController().signal;

describe.each(databaseKinds())('provider slots on %s', (kind) => {
  let database: Database;

  async function open() {
    database = await (await freshDatabaseLocation(kind)).open();
    return database.db;
  }

  afterEach(async () => {
    await database.close();
  });

  it('runs at most the limit of one provider at once, each provider on its own', async () => {
    const slots = new ProviderSlots(await open(), 2);
    const [a, b] = [heldWork(), heldWork()];
    const first = slots.run('gws', never, a.work);
    const second = slots.run('gws', never, b.work);
    await Promise.all([a.started, b.started]);

    expect(await slots.run('gws', never, async () => 'third')).toEqual({ ran: false });
    expect(await slots.run('m365', never, async () => 'other')).toEqual({
      ran: true,
      value: 'other',
    });

    a.release();
    expect(await first).toEqual({ ran: true, value: 'done' });
    // Freed at the end, also by work that throws.
    await expect(
      slots.run('gws', never, async () => {
        throw new Error('provider away');
      }),
    ).rejects.toThrow('provider away');
    expect(await slots.run('gws', never, async () => 'next')).toEqual({ ran: true, value: 'next' });
    b.release();
    await second;
  });

  it('gives each slot to one of many takers at once', async () => {
    const db = await open();
    await addProviderSlots(db, 'gws', 3);
    const takers = Array.from({ length: 12 }, () =>
      takeProviderSlot(db, { provider: 'gws', holder: randomUUID(), limit: 3, leaseMs: 60_000 }),
    );
    const taken = (await Promise.all(takers)).flatMap((lease) => (lease ? [lease.slot] : []));
    expect(taken.sort()).toEqual([0, 1, 2]);
  });

  it('renews the lease while the work runs', async () => {
    const slots = new ProviderSlots(await open(), 1, 150);
    const held = heldWork();
    const running = slots.run('gws', never, held.work);
    await held.started;
    // Three lease lengths later, the slot is still held.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await slots.run('gws', never, async () => 'other')).toEqual({ ran: false });
    held.release();
    expect(await running).toEqual({ ran: true, value: 'done' });
  });

  it('takes over a slot whose holder stopped renewing once its lease has run out', async () => {
    const db = await open();
    const slots = new ProviderSlots(db, 1);
    // A process that took the slot and died: its lease is never renewed.
    await addProviderSlots(db, 'gws', 1);
    const dead = await takeProviderSlot(db, {
      provider: 'gws',
      holder: randomUUID(),
      limit: 1,
      leaseMs: 200,
    });
    expect(dead?.slot).toBe(0);
    expect(await slots.run('gws', never, async () => 'early')).toEqual({ ran: false });

    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await slots.run('gws', never, async () => 'late')).toEqual({ ran: true, value: 'late' });
  });

  it('stops the work when its slot was taken from it (a lease that ran out while it stalled)', async () => {
    const slots = new ProviderSlots(await open(), 1, 150);
    const held = heldWork();
    const running = slots.run('gws', never, held.work);
    await held.started;
    await database.executeSql(`update provider_sync_slots set holder = $1`, [randomUUID()]);
    await expect(running).rejects.toThrow('the sync lost its gws slot');
  });
});
