// A session with Google's APIs for one grant, on the kit's client (token refresh, retries,
// the organisation's pause, read-ahead paging). New tokens are handed to `onTokens` so the
// caller can store them.
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient } from '../kit/http-client';
import { readAhead } from '../kit/pages';
import { type PauseGate, pauseGate } from '../kit/pause-gate';
import { type TokenSession, tokenSession } from '../kit/token-session';
import { apiAnswerFailure, GoogleApiError } from './google-api-error';
import {
  type GoogleClientConfig,
  type GoogleHost,
  googleUrl,
  type Query,
} from './google-client-config';
import { DEFAULT_RETRY, googleHttp, type RetryPolicy } from './google-http';
import { type GoogleGrant, refreshGoogleToken } from './oauth';

export type GoogleApiOptions = {
  /** Called with the new grant whenever the tokens change. */
  onTokens?: (grant: GoogleGrant) => void | Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** Wait between two pages of the Policy API, which answers 429 to pages back to back. */
  policyPageGapMs?: number;
  /** How long before its expiry an access token is already refreshed. Default 60 s. */
  expiryMarginMs?: number;
  /** The organisation whose Google pauses on a Retry-After; none: this session alone does. */
  organizationId?: string;
};

/** ScubaGoggles waits ~1 s; a smaller gap has been enough for the few pages a customer has. */
const DEFAULT_POLICY_GAP_MS = 200;

export class GoogleApi {
  readonly retry: RetryPolicy;
  readonly policyPageGapMs: number;
  readonly #http: HttpClient;
  readonly #session: TokenSession<GoogleGrant>;
  readonly #gate: PauseGate | undefined;

  constructor(
    readonly config: GoogleClientConfig,
    grant: GoogleGrant,
    options: GoogleApiOptions = {},
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.policyPageGapMs = options.policyPageGapMs ?? DEFAULT_POLICY_GAP_MS;
    this.#gate = options.organizationId ? pauseGate('gws', options.organizationId) : undefined;
    this.#http = googleHttp(config, this.retry, this.#gate);
    this.#session = tokenSession(grant, {
      refresh: (current) => this.#refresh(current),
      onTokens: options.onTokens,
      expiryMarginMs: options.expiryMarginMs ?? 60_000,
      invalidToken: (message) => new GoogleApiError('invalid_token', message, 401),
    });
  }

  get grant(): GoogleGrant {
    return this.#session.grant;
  }

  /** GET a JSON answer of an API. Throws GoogleApiError. */
  getJson(host: GoogleHost, path: string, query: Query, signal?: AbortSignal): Promise<unknown> {
    // Google indents its JSON unless told not to: a third of the bytes of a page of users.
    const url = googleUrl(this.config, host, path, { ...query, prettyPrint: 'false' });
    return this.#session.use((accessToken) =>
      this.#http.send(
        `Google ${path}`,
        url,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        apiAnswerFailure,
        { signal },
      ),
    );
  }

  /** Every page of a list (see readAhead), with `gapMs` between two. */
  pages(
    host: GoogleHost,
    path: string,
    query: Query,
    options: { signal?: AbortSignal; gapMs?: number } = {},
  ): AsyncGenerator<unknown> {
    const { signal, gapMs } = options;
    return readAhead<string | undefined, unknown>(
      undefined,
      async (pageToken, isFirst) => {
        if (!isFirst && gapMs) await sleep(gapMs, undefined, signal ? { signal } : undefined);
        return this.getJson(host, path, { ...query, pageToken }, signal);
      },
      nextPageTokenOf,
      (message) => new GoogleApiError('failed', `${path}: ${message}`, 200),
    );
  }

  async #refresh(current: GoogleGrant): Promise<GoogleGrant> {
    if (!current.refreshToken) {
      throw new GoogleApiError(
        'invalid_token',
        'Google access token expired and no refresh token',
        null,
      );
    }
    const fresh = await refreshGoogleToken(this.config, current.refreshToken, {
      retry: this.retry,
      ...(this.#gate ? { gate: this.#gate } : {}),
    });
    return { ...fresh, scopes: fresh.scopes.length > 0 ? fresh.scopes : current.scopes };
  }
}

function nextPageTokenOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('nextPageToken' in body)) return undefined;
  const token = (body as { nextPageToken: unknown }).nextPageToken;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
