// A session with one organisation's Bitwarden Public API: a client-credentials token (an hour,
// no refresh token: a new one is asked for when it runs out or a call answers 401), then the
// members and policies, each one unpaged list (integrations-reference-2 §3).
import type { BitwardenMemberRole, BitwardenMemberStatus } from '@castellan/contract';
import { z } from 'zod';
import type { HttpClient } from '../kit/http-client';
import { parseAnswer } from '../kit/parse-answer';
import { pauseGate } from '../kit/pause-gate';
import { type TokenSession, tokenSession } from '../kit/token-session';
import { apiAnswerFailure, BitwardenApiError, tokenAnswerFailure } from './bitwarden-api-error';
import { bitwardenHttp, DEFAULT_RETRY, type RetryPolicy } from './bitwarden-http';
import type { BitwardenKey } from './bitwarden-key';
import { type BitwardenClientConfig, bitwardenUrl } from './client-config';
import { memberRoleOf, memberStatusOf } from './enums';

export type BitwardenApiMember = {
  /** The organisation-user id. */
  id: string;
  /** As Bitwarden has it (not lower-cased here). */
  email: string;
  name: string | null;
  status: BitwardenMemberStatus;
  role: BitwardenMemberRole;
  twoFactorEnabled: boolean;
};

export type BitwardenApiPolicy = {
  /** PolicyType as Bitwarden numbers it (see enums.ts). */
  type: number;
  enabled: boolean;
  data: Record<string, unknown> | null;
};

export type BitwardenApiOptions = {
  retry?: Partial<RetryPolicy>;
  /** The Castellan organisation whose Bitwarden calls pause together; none: this session alone. */
  organizationId?: string;
};

type Token = { accessToken: string; expiresAt: Date };

/** A token is asked for again this long before Bitwarden would refuse it. */
const EXPIRY_MARGIN_MS = 60_000;
/** The lifetime Bitwarden gives its tokens, when an answer leaves it out. */
const TOKEN_LIFETIME_S = 3600;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});
// `continuationToken` (older servers, always null for these lists) and any other field is ignored.
const listAnswer = z.object({ data: z.array(z.unknown()) });
const memberItem = z.object({
  id: z.string().min(1),
  email: z.string().nullish(),
  name: z.string().nullish(),
  twoFactorEnabled: z.boolean().default(false),
  status: z.number().int(),
  type: z.number().int(),
});
const policyItem = z.object({
  type: z.number().int(),
  enabled: z.boolean(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const failed = (message: string) => new BitwardenApiError('failed', message, 200);

/** Asks the identity server for a token with the organisation's key. */
export async function requestBitwardenToken(
  http: HttpClient,
  cfg: BitwardenClientConfig,
  key: BitwardenKey,
  signal?: AbortSignal,
): Promise<Token> {
  const where = 'Bitwarden token';
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    scope: 'api.organization',
    client_id: key.clientId,
    client_secret: key.clientSecret,
  });
  const init: RequestInit = {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body,
  };
  const answer = await http.send(
    where,
    bitwardenUrl(cfg, 'identity', '/connect/token'),
    init,
    tokenAnswerFailure,
    { signal },
  );
  const token = parseAnswer(tokenAnswer, answer, where, failed);
  return {
    accessToken: token.access_token,
    expiresAt: new Date(Date.now() + (token.expires_in ?? TOKEN_LIFETIME_S) * 1000),
  };
}

export class BitwardenApi {
  readonly #http: HttpClient;
  readonly #session: TokenSession<Token>;

  constructor(
    readonly config: BitwardenClientConfig,
    key: BitwardenKey,
    options: BitwardenApiOptions = {},
  ) {
    const gate = options.organizationId
      ? pauseGate('bitwarden', options.organizationId)
      : undefined;
    this.#http = bitwardenHttp(config, { ...DEFAULT_RETRY, ...options.retry }, gate);
    // No token yet: the first call asks for one.
    this.#session = tokenSession<Token>(
      { accessToken: '', expiresAt: new Date(0) },
      {
        refresh: () => requestBitwardenToken(this.#http, config, key),
        expiryMarginMs: EXPIRY_MARGIN_MS,
        invalidToken: (message) => new BitwardenApiError('invalid_token', message, 401),
      },
    );
  }

  /** Every member of the organisation, revoked ones included; members without an e-mail left out. */
  async members(signal?: AbortSignal): Promise<BitwardenApiMember[]> {
    const where = 'Bitwarden members';
    const items = await this.#list(where, '/public/members', signal);
    return items.flatMap((item) => {
      const m = parseAnswer(memberItem, item, where, failed);
      if (!m.email) return [];
      return [
        {
          id: m.id,
          email: m.email,
          name: m.name ?? null,
          status: memberStatusOf(m.status),
          role: memberRoleOf(m.type),
          twoFactorEnabled: m.twoFactorEnabled,
        },
      ];
    });
  }

  /** The policies the organisation has set up (a policy never configured is not listed). */
  async policies(signal?: AbortSignal): Promise<BitwardenApiPolicy[]> {
    const where = 'Bitwarden policies';
    const items = await this.#list(where, '/public/policies', signal);
    return items.map((item) => {
      const p = parseAnswer(policyItem, item, where, failed);
      return { type: p.type, enabled: p.enabled, data: p.data ?? null };
    });
  }

  async #list(where: string, path: string, signal?: AbortSignal): Promise<unknown[]> {
    const url = bitwardenUrl(this.config, 'api', path);
    const body = await this.#session.use((accessToken) =>
      this.#http.send(
        where,
        url,
        { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
        apiAnswerFailure,
        { signal },
      ),
    );
    return parseAnswer(listAnswer, body, where, failed).data;
  }
}
