// A session with Google's APIs for one grant: it refreshes the access token when it has expired
// or when an API answers 401 (once per call), retries 429/5xx with backoff, and pages lists
// one page at a time. New tokens are handed to `onTokens` so the caller can store them.
import { setTimeout as sleep } from 'node:timers/promises';
import { sharedRefresh } from '../shared-refresh';
import { fetchGoogle } from './fetch-google';
import { apiFailure, GoogleApiError, Unauthenticated } from './google-api-error';
import {
  DEFAULT_TIMEOUT_MS,
  type GoogleClientConfig,
  type GoogleHost,
  googleUrl,
  type Query,
} from './google-client-config';
import { type GoogleGrant, refreshGoogleToken } from './oauth';
import { DEFAULT_RETRY, type RetryPolicy, withRetries } from './retry';

export type GoogleApiOptions = {
  /** Called with the new grant whenever the tokens change. */
  onTokens?: (grant: GoogleGrant) => void | Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** Wait between two pages of the Policy API, which answers 429 to pages back to back. */
  policyPageGapMs?: number;
  /** How long before its expiry an access token is already refreshed. Default 60 s. */
  expiryMarginMs?: number;
};

/** ScubaGoggles waits ~1 s; a smaller gap has been enough for the few pages a customer has. */
const DEFAULT_POLICY_GAP_MS = 200;
const MAX_PAGES = 100_000;

export class GoogleApi {
  readonly retry: RetryPolicy;
  readonly policyPageGapMs: number;
  #grant: GoogleGrant;
  readonly #refresh = sharedRefresh(
    () => this.#grant.accessToken,
    () => this.#doRefresh(),
  );
  readonly #expiryMarginMs: number;
  readonly #onTokens: GoogleApiOptions['onTokens'];

  constructor(
    readonly config: GoogleClientConfig,
    grant: GoogleGrant,
    options: GoogleApiOptions = {},
  ) {
    this.#grant = grant;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.policyPageGapMs = options.policyPageGapMs ?? DEFAULT_POLICY_GAP_MS;
    this.#expiryMarginMs = options.expiryMarginMs ?? 60_000;
    this.#onTokens = options.onTokens;
  }

  get grant(): GoogleGrant {
    return this.#grant;
  }

  /** GET a JSON answer of an API. Throws GoogleApiError. */
  async getJson(
    host: GoogleHost,
    path: string,
    query: Query,
    signal?: AbortSignal,
  ): Promise<unknown> {
    // Google indents its JSON unless told not to: a third of the bytes of a page of users.
    const url = googleUrl(this.config, host, path, { ...query, prettyPrint: 'false' });
    if (this.#grant.expiresAt.getTime() - this.#expiryMarginMs <= Date.now()) {
      await this.#refresh(this.#grant.accessToken);
    }
    const used = this.#grant.accessToken;
    try {
      return await this.#getWithRetries(path, url, used, signal);
    } catch (err) {
      if (!(err instanceof Unauthenticated)) throw err;
    }
    await this.#refresh(used);
    try {
      return await this.#getWithRetries(path, url, this.#grant.accessToken, signal);
    } catch (err) {
      if (err instanceof Unauthenticated)
        throw new GoogleApiError('invalid_token', err.message, 401);
      throw err;
    }
  }

  /**
   * Every page of a list, one request after the other (each needs the previous page's token),
   * with `gapMs` between two. The next page is asked for as soon as its token is known, while
   * the caller works on the current one: at most two pages are held at once.
   */
  async *pages(
    host: GoogleHost,
    path: string,
    query: Query,
    options: { signal?: AbortSignal; gapMs?: number } = {},
  ): AsyncGenerator<unknown> {
    const { signal, gapMs } = options;
    const fetchPage = (pageToken: string | undefined) => {
      const page = (async () => {
        if (pageToken !== undefined && gapMs) {
          await sleep(gapMs, undefined, signal ? { signal } : undefined);
        }
        return this.getJson(host, path, { ...query, pageToken }, signal);
      })();
      // Read ahead, it may fail before the caller gets to it: it is awaited (and its failure
      // thrown) then, or never if the caller stops first.
      page.catch(() => undefined);
      return page;
    };
    let pageToken: string | undefined;
    let pending = fetchPage(undefined);
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const body = await pending;
      const next = nextPageTokenOf(body);
      if (next !== undefined && next === pageToken) {
        throw new GoogleApiError('failed', `${path}: Google repeated a page`, 200);
      }
      if (next !== undefined) {
        pageToken = next;
        pending = fetchPage(next);
      }
      yield body;
      if (next === undefined) return;
    }
    throw new GoogleApiError('failed', `${path}: more than ${MAX_PAGES} pages`, 200);
  }

  #getWithRetries(path: string, url: URL, accessToken: string, signal?: AbortSignal) {
    const timeoutMs = this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return withRetries(
      async () => {
        const answer = await fetchGoogle(
          `Google ${path}`,
          url,
          { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
          timeoutMs,
          signal,
        );
        if (answer.status >= 200 && answer.status <= 299) return answer.body;
        throw apiFailure(`Google ${path}`, answer.status, answer.body, answer.headers);
      },
      this.retry,
      signal,
    );
  }

  async #doRefresh(): Promise<void> {
    const { refreshToken, scopes } = this.#grant;
    if (!refreshToken) {
      throw new GoogleApiError(
        'invalid_token',
        'Google access token expired and no refresh token',
        null,
      );
    }
    const fresh = await refreshGoogleToken(this.config, refreshToken, { retry: this.retry });
    this.#grant = { ...fresh, scopes: fresh.scopes.length > 0 ? fresh.scopes : scopes };
    await this.#onTokens?.(this.#grant);
  }
}

function nextPageTokenOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('nextPageToken' in body)) return undefined;
  const token = (body as { nextPageToken: unknown }).nextPageToken;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
