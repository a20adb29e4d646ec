// A session with Microsoft Graph for one grant, on the kit's client (token refresh, retries
// honouring Retry-After, the organisation's pause, read-ahead paging by @odata.nextLink). New
// tokens go to `onTokens` for the caller to store.
import type { HttpClient } from '../kit/http-client';
import { readAhead } from '../kit/pages';
import { type PauseGate, pauseGate } from '../kit/pause-gate';
import { type TokenSession, tokenSession } from '../kit/token-session';
import { type MicrosoftClientConfig, microsoftUrl, originOf } from './client-config';
import { graphAnswerFailure, MicrosoftApiError } from './microsoft-api-error';
import { DEFAULT_RETRY, microsoftHttp, type RetryPolicy } from './microsoft-http';
import { type MicrosoftGrant, refreshMicrosoftToken } from './oauth';

export type GraphApiOptions = {
  /** Called with the new grant after every refresh. */
  onTokens?: (grant: MicrosoftGrant) => Promise<void> | void;
  retry?: Partial<RetryPolicy>;
  /** The organisation whose Graph calls pause on a Retry-After; none: this session alone does. */
  organizationId?: string;
};

/** A token expiring sooner than this is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

type Collection = { value?: unknown; '@odata.nextLink'?: unknown } | null;

export class GraphApi {
  readonly retry: RetryPolicy;
  readonly #http: HttpClient;
  readonly #gate: PauseGate | undefined;
  readonly #session: TokenSession<MicrosoftGrant>;

  constructor(
    readonly config: MicrosoftClientConfig,
    /** The tenant id (or domain) the grant was issued in. */
    readonly tenant: string,
    grant: MicrosoftGrant,
    options: GraphApiOptions = {},
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#gate = options.organizationId ? pauseGate('m365', options.organizationId) : undefined;
    this.#http = microsoftHttp(config, this.retry, this.#gate);
    this.#session = tokenSession(grant, {
      refresh: (current) => this.#refresh(current),
      onTokens: options.onTokens,
      expiryMarginMs: EXPIRY_MARGIN_MS,
      invalidToken: (message) =>
        new MicrosoftApiError('invalid_token', message, 401, 'InvalidAuthenticationToken'),
    });
  }

  get grant(): MicrosoftGrant {
    return this.#session.grant;
  }

  /** GET `path` (like `/v1.0/organization`) as JSON. Throws MicrosoftApiError. */
  get<T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal): Promise<T> {
    return this.#getUrl(
      path,
      microsoftUrl(this.config, 'graph', path, query),
      signal,
    ) as Promise<T>;
  }

  /** Each page's `value` of a collection, following `@odata.nextLink` as Graph wrote it. */
  async *getAll<T>(
    path: string,
    query: Record<string, string> = {},
    signal?: AbortSignal,
  ): AsyncGenerator<T[]> {
    const failed = (message: string) =>
      new MicrosoftApiError('failed', `Graph ${path}: ${message}`, 200);
    const pages = readAhead<URL, Collection>(
      microsoftUrl(this.config, 'graph', path, query),
      async (url) => (await this.#getUrl(path, url, signal)) as Collection,
      (body) => {
        const next = body?.['@odata.nextLink'];
        return typeof next === 'string' ? this.#nextUrl(path, next) : undefined;
      },
      failed,
    );
    for await (const body of pages) {
      if (!body || !Array.isArray(body.value)) throw failed('not a collection');
      yield body.value as T[];
    }
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

  #getUrl(path: string, url: URL, signal?: AbortSignal): Promise<unknown> {
    return this.#session.use((accessToken) =>
      this.#http.send(
        `Graph ${path}`,
        url,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        graphAnswerFailure,
        { signal },
      ),
    );
  }

  #refresh(current: MicrosoftGrant): Promise<MicrosoftGrant> {
    if (!current.refreshToken) {
      throw new MicrosoftApiError(
        'invalid_token',
        'Microsoft access token expired and no refresh token',
        null,
      );
    }
    return refreshMicrosoftToken(this.config, {
      tenant: this.tenant,
      refreshToken: current.refreshToken,
      retry: this.retry,
      scopes: current.scopes,
      gate: this.#gate,
    });
  }
}
