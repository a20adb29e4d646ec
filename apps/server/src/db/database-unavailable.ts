// Which errors mean "the database is not answering" rather than "this query is wrong": the error
// handler and the health check answer 503 for these, so that clients retry instead of reporting
// a bug, and the pool reconnects on its own once the database is back.
import { DrizzleQueryError } from 'drizzle-orm/errors';

/** What every API caller is told while the database is unreachable. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering; try again in a moment.';

// Socket-level failures reaching PostgreSQL (Node's error codes).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs: class 08 (connection exception), the server shutting down or starting,
// too many connections, and a statement cancelled by `statement_timeout`.
const SERVER_CODES = /^(08...|57P0[1-3]|53300|57014)$/;

// node-postgres and PGlite raise plain Errors for these, recognisable only by their message.
const MESSAGES = [
  /^Connection terminated/, // the socket closed, or the connection timeout fired
  /^timeout expired$/, // connect timed out before the socket opened
  /^Query read timeout$/, // query_timeout
  /not queryable/, // a client whose connection already failed
  /^timeout exceeded when trying to connect$/, // no free pool connection in time
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)$/,
];

/**
 * Whether `err` is a failure to reach the database. Only the driver's own error and the one
 * Drizzle wraps it in are looked at: a third-party HTTP call refused (fetch's `cause`) is not one.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof DrizzleQueryError) return isDatabaseUnavailable(err.cause);
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) {
    return true;
  }
  return MESSAGES.some((pattern) => pattern.test(err.message));
}
