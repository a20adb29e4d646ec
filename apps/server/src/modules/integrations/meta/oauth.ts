// Facebook Login's manual server-side flow (integrations-reference §3.1): the dialog URL, the
// code exchange, the long-lived token exchange and debug_token. There is no refresh token: a
// long-lived token lasts ~60 days, then the person logs in again.
import { z } from 'zod';
import { appSecretProof } from './app-secret-proof';
import { MetaApiError, metaAnswerFailure } from './meta-api-error';
import {
  graphUrl,
  graphVersion,
  type MetaClientConfig,
  metaUrl,
  type Query,
} from './meta-client-config';
import { DEFAULT_RETRY, metaHttp } from './meta-http';
import { META_SCOPES } from './scopes';

export type MetaToken = {
  accessToken: string;
  /** Null when Meta gave no lifetime. */
  expiresAt: Date | null;
};

export type MetaTokenInfo = {
  isValid: boolean;
  scopes: string[];
  /** Null when the token never expires (expires_at 0) or no time was given. */
  expiresAt: Date | null;
  userId: string | null;
};

export function metaDialogUrl(cfg: MetaClientConfig, p: { state: string }): string {
  return metaUrl(cfg, 'www', `/${graphVersion(cfg)}/dialog/oauth`, {
    client_id: cfg.appId,
    redirect_uri: cfg.redirectUri,
    state: p.state,
    response_type: 'code',
    scope: META_SCOPES.join(','),
  }).toString();
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().nonnegative().optional(),
});

function tokenOf(where: string, body: unknown): MetaToken {
  const parsed = tokenAnswer.safeParse(body);
  if (!parsed.success) {
    throw new MetaApiError('failed', `${where}: unexpected answer`, { httpStatus: 200 });
  }
  const { access_token, expires_in } = parsed.data;
  return {
    accessToken: access_token,
    expiresAt: expires_in ? new Date(Date.now() + expires_in * 1000) : null,
  };
}

const getJson = (
  cfg: MetaClientConfig,
  where: string,
  url: URL,
  options: { signal?: AbortSignal | undefined; attempts?: number } = {},
) =>
  metaHttp(cfg, {
    ...DEFAULT_RETRY,
    ...(options.attempts ? { attempts: options.attempts } : {}),
  }).send(where, url, { headers: { accept: 'application/json' } }, metaAnswerFailure, {
    signal: options.signal,
  });

const tokenUrl = (cfg: MetaClientConfig, query: Query) =>
  graphUrl(cfg, '/oauth/access_token', {
    client_id: cfg.appId,
    client_secret: cfg.appSecret,
    ...query,
  });

/** Exchanges the callback's code for a (short-lived) user token. Not retried: a code works once. */
export async function exchangeMetaCode(
  cfg: MetaClientConfig,
  code: string,
  signal?: AbortSignal,
): Promise<MetaToken> {
  const where = 'Meta code exchange';
  const url = tokenUrl(cfg, { redirect_uri: cfg.redirectUri, code });
  const body = await getJson(cfg, where, url, { signal, attempts: 1 });
  return tokenOf(where, body);
}

/** A long-lived (~60 days) token for a still valid short-lived one. */
export async function longLivedMetaToken(
  cfg: MetaClientConfig,
  shortLived: string,
  signal?: AbortSignal,
): Promise<MetaToken> {
  const where = 'Meta long-lived token exchange';
  const url = tokenUrl(cfg, { grant_type: 'fb_exchange_token', fb_exchange_token: shortLived });
  const body = await getJson(cfg, where, url, { signal });
  return tokenOf(where, body);
}

const debugAnswer = z.object({
  data: z.object({
    is_valid: z.boolean(),
    scopes: z.array(z.string()).optional(),
    expires_at: z.number().optional(),
    user_id: z.coerce.string().optional(),
  }),
});

/** What Meta says of a token: valid or not, its permissions, expiry and person. */
export async function debugMetaToken(
  cfg: MetaClientConfig,
  token: string,
  signal?: AbortSignal,
): Promise<MetaTokenInfo> {
  const where = 'Meta debug_token';
  const appToken = `${cfg.appId}|${cfg.appSecret}`;
  const url = metaUrl(cfg, 'graph', '/debug_token', {
    input_token: token,
    access_token: appToken,
    appsecret_proof: appSecretProof(cfg.appSecret, appToken),
  });
  const body = await getJson(cfg, where, url, { signal });
  const parsed = debugAnswer.safeParse(body);
  if (!parsed.success) {
    throw new MetaApiError('failed', `${where}: unexpected answer`, { httpStatus: 200 });
  }
  const d = parsed.data.data;
  return {
    isValid: d.is_valid,
    scopes: d.scopes ?? [],
    expiresAt: d.expires_at ? new Date(d.expires_at * 1000) : null,
    userId: d.user_id ?? null,
  };
}

/**
 * Gives the whole grant back: `DELETE /{user-id}/permissions` with the person's token removes the
 * app from their account, and every token of it stops working. Not retried beyond the usual.
 */
export async function revokeMetaGrant(
  cfg: MetaClientConfig,
  token: string,
  userId: string | null,
  signal?: AbortSignal,
): Promise<void> {
  const where = 'Meta permissions revocation';
  const url = graphUrl(cfg, `/${encodeURIComponent(userId ?? 'me')}/permissions`, {
    access_token: token,
    appsecret_proof: appSecretProof(cfg.appSecret, token),
  });
  const body = await metaHttp(cfg, DEFAULT_RETRY).send(
    where,
    url,
    { method: 'DELETE', headers: { accept: 'application/json' } },
    metaAnswerFailure,
    { signal },
  );
  if (!z.object({ success: z.literal(true) }).safeParse(body).success) {
    throw new MetaApiError('failed', `${where}: unexpected answer`, { httpStatus: 200 });
  }
}
