import { PROVIDERS } from '@castellan/contract';
import type { Config } from '../../../config';

export type MicrosoftClientConfig = {
  /**
   * null → the real hosts (https://login.microsoftonline.com for authorize/token,
   * https://graph.microsoft.com for Graph); else one origin serving both (a fake's).
   */
  baseUrl: string | null;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

const HOSTS = {
  login: 'https://login.microsoftonline.com',
  graph: 'https://graph.microsoft.com',
} as const;
export type MicrosoftHost = keyof typeof HOSTS;

export const originOf = (cfg: MicrosoftClientConfig, host: MicrosoftHost) =>
  cfg.baseUrl ? cfg.baseUrl.replace(/\/+$/, '') : HOSTS[host];

/**
 * The URL of `path` on `host` with `query`. Values are percent-encoded (a space as %20, not
 * '+', which OData would read literally); keys such as `$select` are written as they are.
 */
export function microsoftUrl(
  cfg: MicrosoftClientConfig,
  host: MicrosoftHost,
  path: string,
  query: Record<string, string | undefined> = {},
): URL {
  const url = new URL(`${originOf(cfg, host)}${path}`);
  const parts = Object.entries(query)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  if (parts.length > 0) url.search = parts.join('&');
  return url;
}

/** The Microsoft client of this server (the sign-in app), or null when it has none. */
export function microsoftClientConfig(config: Config): MicrosoftClientConfig | null {
  const microsoft = config.integrations.microsoft;
  if (!microsoft) return null;
  return {
    baseUrl: microsoft.baseUrl,
    clientId: microsoft.clientId,
    clientSecret: microsoft.clientSecret,
    redirectUri: `${config.publicUrl}/api${PROVIDERS.m365.connect.callback}`,
  };
}
