// What every provider's error answers share: the status, the provider's envelope as JSON, and
// Retry-After when the client is told when to come back. The envelope's shape stays with each
// provider (google/google-errors.ts, microsoft/graph-errors.ts, meta/graph-errors.ts, …).
import { type Answer, json } from './answers';

export type ErrorOptions = {
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
};

export const errorAnswer = (
  status: number,
  envelope: unknown,
  options: ErrorOptions = {},
): Answer =>
  json(status, envelope, {
    ...options.headers,
    ...(options.retryAfterSeconds === undefined
      ? {}
      : { 'retry-after': String(options.retryAfterSeconds) }),
  });
