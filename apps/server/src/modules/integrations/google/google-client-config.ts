import { PROVIDERS } from '@castellan/contract';
import type { Config } from '../../../config';

export type GoogleClientConfig = {
  /** One origin for every Google host (a fake's); null for Google's real hosts. */
  baseUrl: string | null;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 30_000;

const HOSTS = {
  accounts: 'https://accounts.google.com',
  oauth2: 'https://oauth2.googleapis.com',
  admin: 'https://admin.googleapis.com',
  cloudIdentity: 'https://cloudidentity.googleapis.com',
  licensing: 'https://licensing.googleapis.com',
} as const;
export type GoogleHost = keyof typeof HOSTS;

export type Query = Record<string, string | number | undefined>;

/** The URL of `path` on `host`, or on `baseUrl` when one is set (same path either way). */
export function googleUrl(
  cfg: GoogleClientConfig,
  host: GoogleHost,
  path: string,
  query: Query = {},
): URL {
  const origin = cfg.baseUrl ? cfg.baseUrl.replace(/\/+$/, '') : HOSTS[host];
  const url = new URL(`${origin}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** The Google client of this server, or null when it has none. */
export function googleClientConfig(config: Config): GoogleClientConfig | null {
  const google = config.integrations.google;
  if (!google) return null;
  return {
    baseUrl: google.baseUrl,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: `${config.publicUrl}/api${PROVIDERS.gws.connect.callback}`,
  };
}
