import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { hashToken } from '../../lib/hash-token';
import {
  deleteSession,
  effectiveOrganizationId,
  readSession,
  rowDataVersion,
  type SessionRow,
  sessionLive,
  toActiveSession,
  touchSession,
} from './repository';

/** Writing last-seen on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;
/** Sessions kept per process; the least recently used go first. */
const DEFAULT_MAX_SESSIONS = 50_000;

type Entry = { row: SessionRow; keys: string[] };

/** The change messages (see change-feed.ts) an entry must be forgotten on. */
function keysOf(row: SessionRow): string[] {
  const keys = [`s:${row.id}`, `u:${row.user.id}`, `o:${row.organization.id}`];
  if (row.impersonatorId) keys.push(`u:${row.impersonatorId}`);
  if (row.partnerLinkId) keys.push(`l:${row.partnerLinkId}`);
  if (row.client) keys.push(`o:${row.client.id}`);
  return keys;
}

/**
 * The sessions this process checked, and every organisation's data version, kept in memory and
 * forgotten as the change feed announces what changed: a signed-in request then costs no query
 * while nothing changed. Used only while the feed is trusted; a session that looks idle or past
 * its end here is read again (another process may have seen it since).
 */
export class SessionCache {
  /** By token hash, in least-recently-used order (a hit re-inserts). */
  private readonly entries = new Map<string, Entry>();
  /** Token hashes by change message. */
  private readonly byKey = new Map<string, Set<string>>();
  private readonly versions = new Map<string, number>();
  /** Moves on whenever something is forgotten: a read that began before must not be kept. */
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxSessions = DEFAULT_MAX_SESSIONS,
  ) {
    feed.onChange((message) => this.hear(message));
    feed.onReset(() => this.clear());
  }

  /** The live session of a token, from memory when it may be, else from the database. */
  async find(db: Db, token: string, idleMs: number, now = new Date()) {
    const tokenHash = hashToken(token);
    const kept = this.feed.trusted() ? this.fresh(tokenHash, idleMs, now) : undefined;
    const found = kept ?? (await this.read(db, tokenHash, idleMs, now));
    if (!found) return null;
    const [row, dataVersion] = found;
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(db, tokenHash, now);
      row.lastSeenAt = now;
    }
    return toActiveSession(row, dataVersion);
  }

  private fresh(tokenHash: string, idleMs: number, now: Date) {
    const entry = this.entries.get(tokenHash);
    if (!entry || !sessionLive(entry.row, idleMs, now)) return undefined;
    const version = this.versions.get(effectiveOrganizationId(entry.row));
    if (version === undefined) return undefined;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return [entry.row, version] as const;
  }

  private async read(db: Db, tokenHash: string, idleMs: number, now: Date) {
    const generation = this.generation;
    const row = await readSession(db, tokenHash);
    if (!row) return undefined;
    if (!sessionLive(row, idleMs, now)) {
      await deleteSession(db, tokenHash);
      return undefined;
    }
    const version = this.keepVersion(effectiveOrganizationId(row), rowDataVersion(row));
    if (generation === this.generation) this.keep(tokenHash, row);
    return [row, version] as const;
  }

  /** The newer of the version read and the one announced: a read may have begun before a write. */
  private keepVersion(organizationId: string, read: number): number {
    const version = Math.max(read, this.versions.get(organizationId) ?? read);
    this.versions.set(organizationId, version);
    return version;
  }

  private keep(tokenHash: string, row: SessionRow): void {
    this.forget(tokenHash);
    const entry = { row, keys: keysOf(row) };
    this.entries.set(tokenHash, entry);
    for (const key of entry.keys) {
      const tokens = this.byKey.get(key) ?? new Set<string>();
      tokens.add(tokenHash);
      this.byKey.set(key, tokens);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxSessions) break;
      this.forget(oldest);
    }
  }

  private forget(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    for (const key of entry.keys) {
      const tokens = this.byKey.get(key);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) this.byKey.delete(key);
    }
  }

  private hear(message: string): void {
    if (message.startsWith('v:')) {
      const [, organizationId, version] = message.split(':');
      if (organizationId && version) this.keepVersion(organizationId, Number(version));
      return;
    }
    this.generation += 1;
    for (const tokenHash of [...(this.byKey.get(message) ?? [])]) this.forget(tokenHash);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byKey.clear();
    this.versions.clear();
  }
}
