// At most so many syncs of each provider at once across every process (a provider's API quota is
// often per application, Google's per project): leases on the provider's slots in the database.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import {
  addProviderSlots,
  releaseProviderSlot,
  renewProviderSlot,
  type SlotLease,
  takeProviderSlot,
} from './repository';

/** How long a lease lasts unrenewed: a slot whose process died is free again after this. */
export const LEASE_MS = 60_000;

export type SlotOutcome<T> = { ran: true; value: T } | { ran: false };

export class ProviderSlots {
  /** The providers whose slots this process has made sure exist. */
  private readonly added = new Set<string>();

  constructor(
    private readonly db: Db,
    /** Slots per provider: syncs of one provider running at once, in all processes. */
    private readonly limit: number,
    private readonly leaseMs = LEASE_MS,
  ) {}

  /**
   * Runs `work` holding one of the provider's slots, renewed while it runs and freed after; does
   * not run it when every slot is held. `work`'s signal fires with `signal`, and also if the lease
   * was lost (renewals failed until it ran out and another run took the slot).
   */
  async run<T>(
    provider: string,
    signal: AbortSignal,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<SlotOutcome<T>> {
    if (!this.added.has(provider)) {
      await addProviderSlots(this.db, provider, this.limit);
      this.added.add(provider);
    }
    const lease = await takeProviderSlot(this.db, {
      provider,
      holder: randomUUID(),
      limit: this.limit,
      leaseMs: this.leaseMs,
    });
    if (!lease) return { ran: false };
    const lost = new AbortController();
    const stopRenewing = this.keepRenewed(lease, lost);
    try {
      return { ran: true, value: await work(AbortSignal.any([signal, lost.signal])) };
    } finally {
      await stopRenewing();
      // Not freed (the database away): the lease runs out on its own.
      await releaseProviderSlot(this.db, lease).catch(() => {});
    }
  }

  /** Renews the lease every third of its length until the returned function is called. */
  private keepRenewed(lease: SlotLease, lost: AbortController): () => Promise<void> {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let renewal = Promise.resolve();
    const next = () => {
      timer = setTimeout(() => {
        renewal = renewProviderSlot(this.db, lease, this.leaseMs).then(
          (held) => {
            if (!held) lost.abort(new Error(`the sync lost its ${lease.provider} slot`));
            else if (!stopped) next();
          },
          // The lease may still hold: try again at the next turn.
          () => {
            if (!stopped) next();
          },
        );
      }, this.leaseMs / 3);
    };
    next();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await renewal;
    };
  }
}
