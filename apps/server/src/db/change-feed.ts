import { randomBytes } from 'node:crypto';
import type { Database } from './client';

/**
 * The channel on which triggers (migration 0031) announce changes that what a process keeps in
 * memory depends on: a session ended or moved (`s:<session id>`), a person's profile or role
 * (`u:<user id>`), an organisation's domain or status (`o:<id>`), a partner link (`l:<id>`), an
 * organisation's data version (`v:<id>:<version>`). The processes talk on it too (below).
 */
export const CHANGES_CHANNEL = 'castellan_changes';

export type ChangeFeedTiming = {
  /** How often a process sends itself a ping on the channel. */
  pingMs: number;
  /**
   * How long a process may go without hearing its own ping before it stops trusting what it
   * keeps; also the longest a barrier waits for a silent process.
   */
  freshMs: number;
};

export const DEFAULT_CHANGE_FEED_TIMING: ChangeFeedTiming = { pingMs: 500, freshMs: 2_000 };

type Barrier = { self: boolean; peers: Set<string>; done: () => void };

/**
 * Tells each process what other processes changed, so that it may keep sessions and data
 * versions in memory without asking the database on every request, and still refuse a revoked
 * session on the very next request, whichever process serves it.
 *
 * PostgreSQL delivers notifications to every listener in the order their transactions
 * committed. Each process pings itself on the channel: having heard a ping it sent at time t, it
 * has heard every change committed before t. It trusts what it keeps only while it has heard a
 * ping sent within `freshMs` (a lost connection or a stalled process stops trusting on its own).
 * A process that changed something calls `barrier()` before it answers: a message every listening
 * process acknowledges once it has heard it, so every change before it too. It waits for the
 * processes it has heard pinging, or `freshMs` at most, after which a process that did not answer
 * no longer trusts its memory. On PGlite one process owns the database and hears each change in
 * the statement that made it: nothing to wait for.
 */
export class ChangeFeed {
  private readonly id = randomBytes(6).toString('hex');
  private readonly changeHandlers: ((message: string) => void)[] = [];
  private readonly resetHandlers: (() => void)[] = [];
  /** Other processes, by id, with when this one last heard them ping. */
  private readonly peers = new Map<string, number>();
  private readonly barriers = new Map<number, Barrier>();
  private readonly pingsSent = new Map<number, number>();
  private seq = 0;
  /** When the latest of its own pings this process heard was sent. */
  private heardUpTo = Number.NEGATIVE_INFINITY;
  private stopListening: (() => Promise<void>) | null = null;
  private pinger: NodeJS.Timeout | undefined;

  private constructor(
    private readonly database: Database,
    private readonly timing: ChangeFeedTiming,
  ) {}

  static async open(
    database: Database,
    timing: ChangeFeedTiming = DEFAULT_CHANGE_FEED_TIMING,
  ): Promise<ChangeFeed> {
    const feed = new ChangeFeed(database, timing);
    feed.stopListening = await database.listen(
      CHANGES_CHANNEL,
      (payload) => feed.hear(payload),
      () => feed.listening(),
    );
    if (database.kind === 'postgres') {
      feed.ping();
      feed.pinger = setInterval(() => feed.ping(), timing.pingMs);
      feed.pinger.unref();
    }
    return feed;
  }

  private get inline(): boolean {
    return this.database.kind === 'pglite';
  }

  /** `handler` hears every change announced by the triggers. */
  onChange(handler: (message: string) => void): void {
    this.changeHandlers.push(handler);
  }

  /** `handler` runs when changes may have been missed (listening again): forget everything. */
  onReset(handler: () => void): void {
    this.resetHandlers.push(handler);
  }

  /** Whether what was kept from the announced changes may be used now. */
  trusted(): boolean {
    return this.inline || Date.now() - this.heardUpTo < this.timing.freshMs;
  }

  /**
   * Resolves once every process has heard what this one committed so far (or stopped trusting
   * its memory). Call it after a change and before answering.
   */
  barrier(): Promise<void> {
    return this.roundTrip(true);
  }

  /** Resolves once this process has heard everything committed so far, by anyone. */
  settle(): Promise<void> {
    return this.roundTrip(false);
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const barrier of this.barriers.values()) barrier.done();
    await this.stopListening?.();
    this.stopListening = null;
  }

  private async roundTrip(withPeers: boolean): Promise<void> {
    if (this.inline || !this.stopListening) return;
    const seq = ++this.seq;
    const cutoff = Date.now() - this.timing.freshMs;
    const peers = new Set(
      withPeers ? [...this.peers].filter(([, at]) => at > cutoff).map(([id]) => id) : [],
    );
    let timer: NodeJS.Timeout | undefined;
    const finished = new Promise<void>((resolve) => {
      this.barriers.set(seq, { self: false, peers, done: resolve });
      timer = setTimeout(resolve, this.timing.freshMs);
    });
    try {
      await this.notify(`b:${this.id}:${seq}:${withPeers ? 'all' : 'self'}`);
      await finished;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(seq);
    }
  }

  private hear(payload: string): void {
    const [kind, from, seq, extra] = payload.split(':');
    switch (kind) {
      case 'p':
        if (from === this.id) {
          const sentAt = this.pingsSent.get(Number(seq));
          if (sentAt !== undefined) this.heardUpTo = Math.max(this.heardUpTo, sentAt);
        } else if (from) this.peers.set(from, Date.now());
        return;
      case 'b':
        if (from === this.id) this.passed(Number(seq), { self: true });
        else if (extra === 'all') void this.notify(`a:${from}:${seq}:${this.id}`).catch(() => {});
        return;
      case 'a':
        if (from === this.id && extra) this.passed(Number(seq), { peer: extra });
        return;
      default:
        for (const handler of this.changeHandlers) handler(payload);
    }
  }

  private passed(seq: number, by: { self: true } | { peer: string }): void {
    const barrier = this.barriers.get(seq);
    if (!barrier) return;
    if ('self' in by) barrier.self = true;
    else barrier.peers.delete(by.peer);
    if (barrier.self && barrier.peers.size === 0) barrier.done();
  }

  private listening(): void {
    for (const handler of this.resetHandlers) handler();
  }

  private ping(): void {
    const seq = ++this.seq;
    this.pingsSent.set(seq, Date.now());
    // Pings older than the freshness window can no longer make anything trusted.
    for (const [old, at] of this.pingsSent) {
      if (at >= Date.now() - this.timing.freshMs) break;
      this.pingsSent.delete(old);
    }
    void this.notify(`p:${this.id}:${seq}`).catch(() => {});
  }

  private async notify(payload: string): Promise<void> {
    await this.database.executeSql('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
  }
}
