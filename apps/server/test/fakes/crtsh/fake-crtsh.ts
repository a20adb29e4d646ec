// A local crt.sh for tests: `GET /?q=<identity>&output=json` answered as crt.sh answers it
// (integrations-reference-2 §7): compact JSON rows in crt.sh's field order, `[]` for none,
// zone-less UTC timestamps, a precertificate and its certificate as two rows unless
// `deduplicate=Y`, `exclude=expired`, and the substring (ILIKE) match with `%` as wildcard. Plus
// the failures crt.sh is known for, on request: 429 without Retry-After, a 502 page, its own
// error page instead of JSON, a slow answer. Controls: methods on the returned object, and the
// same over HTTP under /__fake/ (control-api.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Answer } from '../kit/answers';
import { type FakeRequest, fakeServer, type LoggedRequest as KitLogged } from '../kit/fake-server';
import { type FailureOptions, forcedFailures } from '../kit/forced-failures';
import { controlApi } from './control-api';
import {
  badGateway,
  type CrtshFailure,
  errorPage,
  notFound,
  searchPage,
  tooManyRequests,
} from './pages';
import {
  type CertificateSeed,
  certificateStore,
  type FakeEntry,
  type SearchOptions,
} from './world';

export type { CrtshFailure } from './pages';

export type LoggedRequest = KitLogged & { query: Record<string, string> };

export type FakeCrtshOptions = {
  port?: number;
  latencyMs?: number;
  /** The certificates it starts with (and goes back to on reset); default none. */
  certificates?: CertificateSeed[];
  /** The clock `exclude=expired` reads; default the real one. */
  now?: () => Date;
  /** Identity rows read per search before grouping; crt.sh's is 10,000. */
  rowLimit?: number;
};

export type FakeCrtsh = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Logs a certificate (by default a precertificate and the certificate): their crt.sh ids. */
  addCertificate(seed: CertificateSeed): { ids: number[]; serial: string };
  /** Every log entry, oldest first. */
  certificates(): FakeEntry[];
  clearCertificates(): void;
  /**
   * The next searches fail: `rate-limited` 429 (no Retry-After), `bad-gateway` a 502 HTML page,
   * `error-page` crt.sh's HTML error page at 200, `slow` the right answer after `delayMs`
   * (default 10 s).
   */
  failNext(failure: CrtshFailure, options?: FailureOptions & { delayMs?: number }): void;
  /** The time `exclude=expired` compares with; null: the clock of the options, or the real one. */
  setNow(at: Date | null): void;
  /** Every request but the /__fake/ ones, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  setLatencyMs(ms: number): void;
  /** Back to the start: the first certificates, no switches, an empty log. */
  reset(): void;
  /** The server's settings that point it at this fake. */
  serverEnv(): Record<string, string>;
  close(): Promise<void>;
};

type Forced = { failure: CrtshFailure; delayMs: number };

const matchOf = (param: string | null): SearchOptions['match'] => {
  const match = param?.toUpperCase();
  if (match === 'LIKE') return 'LIKE';
  if (match === undefined || match === 'ILIKE') return 'ILIKE';
  // crt.sh's Single, Any and FTS are full-text searches the fake does not have.
  return ['SINGLE', 'ANY', 'FTS'].includes(match) ? 'ILIKE' : '=';
};

export async function startFakeCrtsh(options: FakeCrtshOptions = {}): Promise<FakeCrtsh> {
  const store = certificateStore();
  const seedAll = () => {
    for (const seed of options.certificates ?? []) store.add(seed);
  };
  seedAll();
  const failures = forcedFailures<Forced>();
  let fixedNow: Date | null = null;
  const closing = new AbortController();
  const { listen, ...traffic } = fakeServer<LoggedRequest>(options);

  async function answer({ url }: FakeRequest): Promise<Answer> {
    if (url.pathname !== '/') return notFound();
    const forced = failures.take('/');
    if (forced?.failure === 'rate-limited') return tooManyRequests();
    if (forced?.failure === 'bad-gateway') return badGateway();
    if (forced?.failure === 'error-page') {
      return errorPage('ERROR: canceling statement due to statement timeout');
    }
    if (forced?.failure === 'slow')
      await sleep(forced.delayMs, undefined, { signal: closing.signal });

    const q = url.searchParams;
    const value = (q.get('q') ?? q.get('identity') ?? '').trim();
    const output = (q.get('output') ?? 'html').toLowerCase();
    if (!['json', 'html', 'atom', 'csv'].includes(output)) {
      return errorPage(`Unsupported output type: ${output}`);
    }
    if (value.replace(/%/g, '') === '') return errorPage("Value not permitted: '%'");
    const rows = store.search(value, {
      excludeExpired: q.get('exclude')?.toLowerCase() === 'expired',
      deduplicate: q.get('deduplicate')?.toUpperCase() === 'Y',
      match: matchOf(q.get('match')),
      now: fixedNow ?? options.now?.() ?? new Date(),
      rowLimit: options.rowLimit ?? 10_000,
    });
    if (output !== 'json') return searchPage(value, rows.length);
    return {
      status: 200,
      // row_to_json's compact form, with nothing after the closing bracket.
      body: JSON.stringify(rows),
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
    };
  }

  const fake = {
    ...traffic,
    addCertificate: (seed: CertificateSeed) => store.add(seed),
    certificates: () => store.entries(),
    clearCertificates: () => store.clear(),
    failNext: (failure: CrtshFailure, o: FailureOptions & { delayMs?: number } = {}) =>
      failures.add('/', { failure, delayMs: o.delayMs ?? 10_000 }, o),
    setNow: (at: Date | null) => {
      fixedNow = at;
    },
    reset() {
      store.clear();
      seedAll();
      failures.clear();
      fixedNow = null;
      traffic.clearRequests();
      traffic.setLatencyMs(options.latencyMs ?? 0);
    },
  };

  const listening = await listen(options.port, {
    control: controlApi(fake),
    logEntry: (request, logged) => ({
      ...logged,
      query: Object.fromEntries(request.url.searchParams),
    }),
    answer,
    crash: (err) => {
      if (!closing.signal.aborted) console.error('fake crt.sh:', err);
      return errorPage('internal error');
    },
  });
  return {
    ...fake,
    url: listening.url,
    serverEnv: () => ({ CT_API_BASE_URL: listening.url }),
    close: () => {
      closing.abort();
      return listening.close();
    },
  };
}
