// A session with Microsoft Graph for one grant: it refreshes the access token shortly before it
// expires or when Graph answers 401 (once per call), retries 429/5xx honouring Retry-After, and
// pages collections by their @odata.nextLink. New tokens go to `onTokens` for the caller to store.

import { sharedRefresh } from '../shared-refresh';
import {
  DEFAULT_TIMEOUT_MS,
  type MicrosoftClientConfig,
  microsoftUrl,
  originOf,
} from './client-config';
import { fetchMicrosoft } from './fetch-microsoft';
import { graphFailure, MicrosoftApiError, Unauthenticated } from './microsoft-api-error';
import { type MicrosoftGrant, refreshMicrosoftToken } from './oauth';
import { DEFAULT_RETRY, type RetryPolicy, withRetries } from './retry';

export type GraphApiOptions = {
  /** Called with the new grant after every refresh. */
  onTokens?: (grant: MicrosoftGrant) => Promise<void> | void;
  retry?: Partial<RetryPolicy>;
};

/** A token expiring sooner than this is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;
const MAX_PAGES = 100_000;

export class GraphApi {
  readonly retry: RetryPolicy;
  #grant: MicrosoftGrant;
  readonly #refresh = sharedRefresh(
    () => this.#grant.accessToken,
    () => this.#doRefresh(),
  );
  readonly #onTokens: GraphApiOptions['onTokens'];

  constructor(
    readonly config: MicrosoftClientConfig,
    /** The tenant id (or domain) the grant was issued in. */
    readonly tenant: string,
    grant: MicrosoftGrant,
    options: GraphApiOptions = {},
  ) {
    this.#grant = grant;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#onTokens = options.onTokens;
  }

  get grant(): MicrosoftGrant {
    return this.#grant;
  }

  /** GET `path` (like `/v1.0/organization`) as JSON. Throws MicrosoftApiError. */
  get<T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal): Promise<T> {
    return this.#getUrl(
      path,
      microsoftUrl(this.config, 'graph', path, query),
      signal,
    ) as Promise<T>;
  }

  /**
   * Each page's `value` of a collection, following `@odata.nextLink` as Graph wrote it. The next
   * page is asked for while the caller works on the current one: at most two pages are held.
   */
  async *getAll<T>(
    path: string,
    query: Record<string, string> = {},
    signal?: AbortSignal,
  ): AsyncGenerator<T[]> {
    const fetchPage = (url: URL) => {
      const page = this.#getUrl(path, url, signal);
      // Read ahead, it may fail before the caller gets to it: it is awaited (and its failure
      // thrown) then, or never if the caller stops first.
      page.catch(() => undefined);
      return page;
    };
    let pending = fetchPage(microsoftUrl(this.config, 'graph', path, query));
    const seen = new Set<string>();
    for (let n = 1; n <= MAX_PAGES; n += 1) {
      const body = (await pending) as { value?: unknown; '@odata.nextLink'?: unknown } | null;
      if (!body || !Array.isArray(body.value)) {
        throw new MicrosoftApiError('failed', `Graph ${path}: not a collection`, 200);
      }
      const next = body['@odata.nextLink'];
      if (typeof next === 'string') {
        if (seen.has(next))
          throw new MicrosoftApiError('failed', `Graph ${path}: page repeated`, 200);
        seen.add(next);
        pending = fetchPage(this.#nextUrl(path, next));
      }
      yield body.value as T[];
      if (typeof next !== 'string') return;
    }
    throw new MicrosoftApiError('failed', `Graph ${path}: more than ${MAX_PAGES} pages`, 200);
  }

  /** The next link, only if it stays on Graph's origin: the bearer token must not go elsewhere. */
  #nextUrl(path: string, link: string): URL {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new MicrosoftApiError('failed', `Graph ${path}: unreadable @odata.nextLink`, 200);
    }
    if (url.origin !== new URL(originOf(this.config, 'graph')).origin) {
      throw new MicrosoftApiError('failed', `Graph ${path}: @odata.nextLink to ${url.origin}`, 200);
    }
    return url;
  }

  async #getUrl(path: string, url: URL, signal?: AbortSignal): Promise<unknown> {
    if (this.#grant.expiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now()) {
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
      if (err instanceof Unauthenticated) {
        throw new MicrosoftApiError(
          'invalid_token',
          err.message,
          401,
          'InvalidAuthenticationToken',
        );
      }
      throw err;
    }
  }

  #getWithRetries(path: string, url: URL, accessToken: string, signal?: AbortSignal) {
    const timeoutMs = this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return withRetries(
      async () => {
        const answer = await fetchMicrosoft(
          `Graph ${path}`,
          url,
          { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
          timeoutMs,
          signal,
        );
        if (answer.status >= 200 && answer.status <= 299) return answer.body;
        throw graphFailure(`Graph ${path}`, answer.status, answer.body, answer.headers);
      },
      this.retry,
      signal,
    );
  }

  async #doRefresh(): Promise<void> {
    const { refreshToken, scopes } = this.#grant;
    if (!refreshToken) {
      throw new MicrosoftApiError(
        'invalid_token',
        'Microsoft access token expired and no refresh token',
        null,
      );
    }
    this.#grant = await refreshMicrosoftToken(this.config, {
      tenant: this.tenant,
      refreshToken,
      retry: this.retry,
      scopes,
    });
    await this.#onTokens?.(this.#grant);
  }
}
