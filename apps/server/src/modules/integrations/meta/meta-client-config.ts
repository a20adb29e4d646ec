import { PROVIDERS } from '@castellan/contract';
import type { Config } from '../../../config';

export const META_GRAPH_VERSION = 'v24.0';

export type MetaClientConfig = {
  /**
   * null → the real hosts (https://www.facebook.com for the login dialog,
   * https://graph.facebook.com for the API); else one origin serving both (tests).
   */
  baseUrl: string | null;
  appId: string;
  appSecret: string;
  redirectUri: string;
  /** Graph version path prefix; default META_GRAPH_VERSION. */
  version?: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

const HOSTS = {
  www: 'https://www.facebook.com',
  graph: 'https://graph.facebook.com',
} as const;
export type MetaHost = keyof typeof HOSTS;

export type Query = Record<string, string | number | undefined>;

export const graphVersion = (cfg: MetaClientConfig) => cfg.version ?? META_GRAPH_VERSION;

export function metaOrigin(cfg: MetaClientConfig, host: MetaHost): string {
  return cfg.baseUrl ? cfg.baseUrl.replace(/\/+$/, '') : HOSTS[host];
}

/** The URL of `path` on `host`, or on `baseUrl` when one is set (same path either way). */
export function metaUrl(
  cfg: MetaClientConfig,
  host: MetaHost,
  path: string,
  query: Query = {},
): URL {
  const url = new URL(`${metaOrigin(cfg, host)}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** `/{version}{path}` on the Graph host. */
export const graphUrl = (cfg: MetaClientConfig, path: string, query: Query = {}) =>
  metaUrl(cfg, 'graph', `/${graphVersion(cfg)}${path}`, query);

/** The Meta app of this server, or null when it has none. */
export function metaClientConfig(config: Config): MetaClientConfig | null {
  const meta = config.integrations.meta;
  if (!meta) return null;
  return {
    baseUrl: meta.baseUrl,
    appId: meta.clientId,
    appSecret: meta.clientSecret,
    redirectUri: `${config.publicUrl}/api${PROVIDERS.meta.connect.callback}`,
    version: meta.version,
  };
}
