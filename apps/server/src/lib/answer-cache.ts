import type { Endpoint } from '@castellan/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Answers computed from an organisation's data (its tasks, score, team), kept in this process as
 * the JSON bytes sent, until the organisation's data version moves on.
 *
 * The version lives in the database (`organizations.data_version`) and triggers move it on in the
 * same transaction as any write that can change these answers (migration 0014), whichever process
 * or code path writes. A request reads it with its session, before it reads any data, so an
 * answer computed after that read is at least as fresh as its version: an answer is only served
 * to a request that saw the same version, and a write another process committed before the
 * request began has moved the version on. For the same reason, requests that read the same
 * version may share one computation.
 */

/** Who asks: a signed-in session, with the data version read with it. */
type Asker = { organization: { id: string }; user: { id: string }; dataVersion: number };

/**
 * What an answer depends on besides the organisation: `perMember` when it differs by who asks
 * (their own tasks, their progress), `variant` for anything else (a query parameter, the day).
 */
export type AnswerScope = { perMember: boolean; variant?: string };

type Entry = { version: number; body: Buffer };

/** Enough for the answers of a few hundred organisations; the least recently used go first. */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export class AnswerCache {
  /** In least-recently-used order: a Map iterates in insertion order, and a hit re-inserts. */
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private readonly computing = new Map<string, { version: number; body: Promise<Buffer> }>();

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /**
   * Sends the answer to `e` for `asker`: from the cache when it was computed at the data version
   * the asker's session read, else computed, encoded by the endpoint's schema as Fastify would
   * have, and kept.
   */
  async send<E extends Endpoint>(
    reply: FastifyReply,
    e: E,
    asker: Asker,
    { perMember, variant = '' }: AnswerScope,
    compute: () => Promise<z.input<E['response'][200]>>,
  ): Promise<FastifyReply> {
    const member = perMember ? asker.user.id : '';
    const key = [e.method, e.path, asker.organization.id, member, variant].join('|');
    const version = asker.dataVersion;
    const body =
      this.fresh(key, version) ??
      (await this.computeOnce(key, version, async () => {
        const schema = e.response[200];
        if (!schema) throw new Error(`${e.method} ${e.path} declares no 200 answer`);
        return Buffer.from(JSON.stringify(z.encode(schema, await compute())));
      }));
    return reply.type('application/json; charset=utf-8').send(body);
  }

  private fresh(key: string, version: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /**
   * Requests that miss together at one version share one computation: under load, each write
   * would otherwise have every request that follows it compute the same answer.
   */
  private computeOnce(key: string, version: number, compute: () => Promise<Buffer>) {
    const running = this.computing.get(key);
    if (running?.version === version) return running.body;
    const body = compute().then((computed) => {
      this.keep(key, version, computed);
      return computed;
    });
    const forget = () => {
      if (this.computing.get(key)?.body === body) this.computing.delete(key);
    };
    body.then(forget, forget);
    this.computing.set(key, { version, body });
    return body;
  }

  private keep(key: string, version: number, body: Buffer): void {
    const previous = this.entries.get(key);
    // A slower request that read an older version must not replace a newer answer.
    if (previous && previous.version > version) return;
    if (previous) this.forget(key, previous);
    if (body.length > this.maxBytes) return;
    this.entries.set(key, { version, body });
    this.totalBytes += body.length;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.forget(oldestKey, oldest);
    }
  }

  private forget(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.totalBytes -= entry.body.length;
  }
}
