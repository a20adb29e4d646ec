import { CHECK_IDS, type CheckId } from './checks';
import { DKIM_SELECTORS } from './dkim-selectors';
import type { ScannerTarget } from './env';

/** Everything a scan may be pointed at or limited by; production uses the defaults. */
export type ScannerOptions = {
  /** Recursive resolvers (`host:port`, `[v6]:port`); empty uses the system's. */
  dnsServers: string[];
  /** Ports dialled for http://, https:// and SMTP (tests: the fixture servers' ephemeral ports). */
  ports: { http: number; https: number; smtp: number };
  /** Lets probes reach loopback and private addresses and accepts `.test` names (tests only). */
  allowPrivate: boolean;
  /** Trust anchors that replace Node's root store (tests: the fixture CA). */
  ca?: string | string[];
  timeouts: {
    /** One DNS try; `dnsTries` tries per query. */
    dnsMs: number;
    dnsTries: number;
    /** One HTTP request or TLS handshake, connection included. */
    probeMs: number;
    /** One SMTP conversation up to and including the TLS handshake. */
    smtpMs: number;
    /** The whole scan; checks still running then are reported as not tested. */
    scanMs: number;
  };
  /** Most DNS queries one scan may send (SPF trees and DKIM selectors are the big spenders). */
  dnsQueryBudget: number;
  dkimSelectors: readonly string[];
  /** Most MX hosts whose STARTTLS is probed, in order of preference. */
  maxMxHosts: number;
  now: () => Date;
  userAgent: string;
  /** The checks to run: all of them, or a subset (a subdomain's website: `WEB_CHECK_IDS`). */
  checks: readonly CheckId[];
};

export const DEFAULT_SCANNER_OPTIONS: ScannerOptions = {
  dnsServers: [],
  ports: { http: 80, https: 443, smtp: 25 },
  allowPrivate: false,
  timeouts: { dnsMs: 2_000, dnsTries: 2, probeMs: 8_000, smtpMs: 10_000, scanMs: 45_000 },
  dnsQueryBudget: 250,
  dkimSelectors: DKIM_SELECTORS,
  maxMxHosts: 5,
  now: () => new Date(),
  userAgent: 'Mozilla/5.0 (compatible; CastellanScanner/1.0; +https://castellan.example/scanner)',
  checks: CHECK_IDS,
};

export type ScannerOverrides = Partial<Omit<ScannerOptions, 'timeouts' | 'ports'>> & {
  timeouts?: Partial<ScannerOptions['timeouts']>;
  ports?: Partial<ScannerOptions['ports']>;
};

export function withDefaults(overrides: ScannerOverrides = {}): ScannerOptions {
  return {
    ...DEFAULT_SCANNER_OPTIONS,
    ...overrides,
    ports: { ...DEFAULT_SCANNER_OPTIONS.ports, ...overrides.ports },
    timeouts: { ...DEFAULT_SCANNER_OPTIONS.timeouts, ...overrides.timeouts },
  };
}

/** The scanner pointed where the `SCAN_*` variables say, with any further overrides. */
export function scannerOptions(
  target: ScannerTarget,
  overrides: ScannerOverrides = {},
): ScannerOptions {
  return withDefaults({
    dnsServers: target.dnsServers ?? [],
    ports: target.ports,
    allowPrivate: target.allowPrivate,
    ...overrides,
  });
}
