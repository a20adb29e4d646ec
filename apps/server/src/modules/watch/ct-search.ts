// The certificate transparency search: the names crt.sh (or a service answering as it does, the
// test fake) has seen in certificates for a domain's subdomains (integrations-reference-2 §7).
// crt.sh publishes no limits and is often overloaded, so each client sends one request at a time,
// a few seconds apart, retries 429, 5xx and error pages with backoff, and never trusts an answer
// to be JSON before its Content-Type says so.
import { setTimeout as sleep } from 'node:timers/promises';
import { withRetries } from '../integrations/kit/retry';
import { type CtNames, namesFromRows } from './ct-names';

export type { CtName, CtNames } from './ct-names';

export type CtSearchErrorKind =
  /** 429: crt.sh sends no Retry-After, so the backoff decides when to come back. */
  | 'rate_limited'
  /** 5xx, an HTML page instead of JSON, a cut answer, no answer in time, a network error. */
  | 'unavailable'
  /** JSON of another shape, or a 4xx: asking again will not help. */
  | 'failed';

export class CtSearchError extends Error {
  constructor(
    readonly kind: CtSearchErrorKind,
    message: string,
    /** The HTTP status; null when no answer came. */
    readonly httpStatus: number | null,
    /** Worth asking again later (the client already did, as its retry policy says). */
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CtSearchError';
  }
}

export type CtSearchOptions = {
  /** crt.sh's origin (`config.watch.ctBaseUrl`), no trailing slash needed. */
  baseUrl: string;
  /** Per request; crt.sh's own query limit is a few seconds, large domains take longer. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Least time from the end of one request to the start of the next; default 5 s (tests: 0). */
  minGapMs?: number;
  /** Tries in all per search and the backoff between them; default 3 tries, 5 s doubling. */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Most names one search returns; default 500. */
  maxNames?: number;
};

export type CtSearch = {
  /**
   * The names under `domain` in unexpired certificates (the domain itself when a `*.<domain>`
   * certificate names it); throws CtSearchError, or RangeError for a `domain` that is not one.
   */
  subdomainsOf(domain: string, signal?: AbortSignal): Promise<CtNames>;
};

const DEFAULTS = {
  timeoutMs: 30_000,
  minGapMs: 5_000,
  attempts: 3,
  baseDelayMs: 5_000,
  maxDelayMs: 30_000,
  maxNames: 500,
};

/** A domain as the search takes it: lower-case, no trailing dot, letters, digits, `-` and dots. */
const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Runs tasks one after another. A caller whose signal aborts while waiting for its turn gets the
 * abort at once; its task is skipped when the turn comes.
 */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    const turn = tail.then(() => {
      signal?.throwIfAborted();
      return task();
    });
    tail = turn.catch(() => undefined);
    if (!signal) return turn;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
}

/** What an answer that is not a list of rows means. */
function failureOf(res: Response, site: string): CtSearchError | null {
  const type = res.headers.get('content-type') ?? '';
  const isJson = /^application\/(?:[\w.+-]*\+)?json\b/i.test(type);
  if (res.status === 429) {
    return new CtSearchError('rate_limited', `${site} is limiting requests (HTTP 429)`, 429, true);
  }
  if (res.status >= 500) {
    return new CtSearchError(
      'unavailable',
      `${site} is unavailable (HTTP ${res.status})`,
      res.status,
      true,
    );
  }
  if (res.status >= 400) {
    return new CtSearchError(
      'failed',
      `${site} refused the search (HTTP ${res.status})`,
      res.status,
      false,
    );
  }
  if (!isJson) {
    // Assumption (integrations-reference-2 §9.7): an HTML page at 200 is crt.sh's error page for
    // a query that failed or ran out of time, which may well pass on another try.
    return new CtSearchError(
      'unavailable',
      `${site} answered a ${type.split(';')[0] || 'typeless'} page instead of JSON (HTTP ${res.status})`,
      res.status,
      true,
    );
  }
  return null;
}

/** The names of an answer; anything but a list of rows is thrown as a CtSearchError. */
async function namesOf(res: Response, site: string, domain: string, maxNames: number) {
  const failure = failureOf(res, site);
  if (failure) {
    await res.body?.cancel();
    throw failure;
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    const message = `${site} sent JSON that was cut short`;
    throw new CtSearchError('unavailable', message, res.status, true, { cause: err });
  }
  const names = namesFromRows(body, domain, maxNames);
  if (!names) {
    const message = `${site} answered JSON that is not a list of certificates`;
    throw new CtSearchError('failed', message, res.status, false);
  }
  return names;
}

export function ctSearch(options: CtSearchOptions): CtSearch {
  const origin = options.baseUrl.replace(/\/+$/, '');
  const site = new URL(origin).host;
  const doFetch = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const minGapMs = options.minGapMs ?? DEFAULTS.minGapMs;
  const maxNames = options.maxNames ?? DEFAULTS.maxNames;
  const policy = {
    attempts: options.retry?.attempts ?? DEFAULTS.attempts,
    baseDelayMs: options.retry?.baseDelayMs ?? DEFAULTS.baseDelayMs,
    maxDelayMs: options.retry?.maxDelayMs ?? DEFAULTS.maxDelayMs,
  };
  const inTurn = oneAtATime();
  let lastEndedAt = Number.NEGATIVE_INFINITY;

  /** One request, once the gap since the last one has passed. */
  async function ask(url: URL, domain: string, signal: AbortSignal | undefined): Promise<CtNames> {
    try {
      const wait = lastEndedAt + minGapMs - performance.now();
      if (wait > 0) await sleep(wait, undefined, signal ? { signal } : undefined);
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const res = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        return await namesOf(res, site, domain, maxNames);
      } catch (err) {
        if (err instanceof CtSearchError) throw err;
        if (signal?.aborted) throw signal.reason;
        const what = timeout.aborted
          ? `no answer from ${site} within ${timeoutMs} ms`
          : `could not reach ${site}`;
        throw new CtSearchError('unavailable', what, null, true, { cause: err });
      }
    } finally {
      lastEndedAt = performance.now();
    }
  }

  return {
    subdomainsOf(input, signal) {
      const domain = input.trim().toLowerCase().replace(/\.$/, '');
      if (!DOMAIN.test(domain)) {
        return Promise.reject(new RangeError(`not a domain name: ${JSON.stringify(input)}`));
      }
      // `%` is crt.sh's wildcard, so this asks for every name with `.<domain>` in it (`*.<domain>`
      // too; the domain alone does not match). Expired certificates are left out, and a
      // precertificate and its certificate count once.
      const url = new URL(`${origin}/`);
      url.search = new URLSearchParams({
        q: `%.${domain}`,
        output: 'json',
        exclude: 'expired',
        deduplicate: 'Y',
      }).toString();
      let tries = 0;
      const attempt = () => {
        tries += 1;
        return ask(url, domain, signal);
      };
      const rule = {
        transient: (err: unknown) =>
          err instanceof CtSearchError && err.retryable ? { error: err, retryAfterMs: null } : null,
        retryAfter: 'at-least' as const,
      };
      return inTurn(
        () =>
          withRetries(attempt, policy, rule, signal).catch((err: unknown) => {
            if (err instanceof CtSearchError && err.retryable && tries > 1) {
              throw new CtSearchError(
                err.kind,
                `${err.message}; gave up after ${tries} tries`,
                err.httpStatus,
                true,
                { cause: err.cause },
              );
            }
            throw err;
          }),
        signal,
      );
    },
  };
}
