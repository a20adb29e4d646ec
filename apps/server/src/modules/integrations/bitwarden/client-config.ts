import type { Config } from '../../../config';

/** Bitwarden's clouds (integrations-reference-2 §3.1); self-hosted servers are not offered. */
export const BITWARDEN_REGIONS = ['us', 'eu'] as const;
export type BitwardenRegion = (typeof BITWARDEN_REGIONS)[number];

const HOSTS: Record<BitwardenRegion, { identity: string; api: string }> = {
  us: { identity: 'https://identity.bitwarden.com', api: 'https://api.bitwarden.com' },
  eu: { identity: 'https://identity.bitwarden.eu', api: 'https://api.bitwarden.eu' },
};

export type BitwardenClientConfig = {
  /** null → the region's real hosts; else one origin serving both (a local fake). */
  baseUrl: string | null;
  region: BitwardenRegion;
  /** Per request; default 15 s. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The URL of `path` on the identity server or the Public API of the configured cloud. */
export function bitwardenUrl(cfg: BitwardenClientConfig, host: 'identity' | 'api', path: string) {
  const origin = cfg.baseUrl ? cfg.baseUrl.replace(/\/+$/, '') : HOSTS[cfg.region][host];
  return new URL(`${origin}${path}`);
}

/** The client settings of this server for an organisation of `region`. */
export const bitwardenClientConfig = (
  config: Config,
  region: BitwardenRegion,
): BitwardenClientConfig => ({ baseUrl: config.integrations.bitwarden.baseUrl, region });
