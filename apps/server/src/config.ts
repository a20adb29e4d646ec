import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const port = z.coerce.number().int().min(1).max(65535);

/** `host:port`, `[v6]:port` or a bare address, as `dns.setServers` takes them; IPs only. */
const dnsServer = (entry: string) => {
  const m = /^\[(.+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+)(?::(\d+))?$/.exec(entry);
  const address = m ? m[1] : entry;
  const portText = m?.[2];
  return (
    isIP(address ?? '') !== 0 &&
    (portText === undefined || (Number(portText) >= 1 && Number(portText) <= 65535))
  );
};

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: flag,
  PRODUCT_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a lower-case domain name')
    .default('castellan.example'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24),
  TEST_LOGIN: flag,
  DEMO_DATA: flag,
  WEB_DIST_DIR: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_ISSUER: z.url().default('https://login.microsoftonline.com/organizations/v2.0'),
  OIDC_ALLOW_HTTP: flag,
  POSTHOG_HOST: z.url().optional(),
  POSTHOG_KEY: z.string().min(1).optional(),
  SCAN_DNS_SERVERS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine(
      (list) => list.every(dnsServer),
      'must be comma-separated IP addresses with optional :port',
    )
    .optional(),
  SCAN_HTTP_PORT: port.default(80),
  SCAN_HTTPS_PORT: port.default(443),
  SCAN_SMTP_PORT: port.default(25),
  SCAN_ALLOW_PRIVATE: flag,
  SENTRY_DSN: z
    .string()
    .regex(/^https:\/\/[^@/]+@[^/]+\/.+$/, 'must look like https://<key>@<host>/<project>')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  /** postgres:// URL, or undefined for the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  dataDir: string;
  /** The address users reach the app at; sign-in callbacks are built from it. */
  publicUrl: string;
  trustProxy: boolean;
  productDomain: string;
  session: { idleMs: number; maxAgeMs: number };
  testLogin: boolean;
  demoData: boolean;
  webDistDir: string;
  /** The configured identity providers; a provider without client id and secret is not offered. */
  oidc: {
    google: OidcProviderConfig | null;
    microsoft: OidcProviderConfig | null;
    /** Plain-http issuers, for local test providers only (refused in production). */
    allowHttp: boolean;
  };
  /** Browser analytics go here instead of our own API when set. */
  posthog: { host: string; key: string } | null;
  /** Browser errors go here instead of our own API when set. */
  sentryDsn: string | null;
  /** Where the domain scanner sends its queries and probes; tests point it at local fakes. */
  scan: {
    /** Recursive resolvers (`host:port`); null uses the system's. */
    dnsServers: string[] | null;
    ports: { http: number; https: number; smtp: number };
    /** Lets the scanner reach loopback and private addresses and `.test` names (refused in production). */
    allowPrivate: boolean;
  };
};

export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string };

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.OIDC_ALLOW_HTTP) {
    throw new Error('Invalid configuration:\n  OIDC_ALLOW_HTTP: must not be set in production');
  }
  if (production && e.SCAN_ALLOW_PRIVATE) {
    throw new Error('Invalid configuration:\n  SCAN_ALLOW_PRIVATE: must not be set in production');
  }
  const provider = (issuer: string, clientId?: string, clientSecret?: string) =>
    clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY ?? false,
    productDomain: e.PRODUCT_DOMAIN,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000 },
    testLogin: e.TEST_LOGIN ?? !production,
    demoData: e.DEMO_DATA ?? !production,
    webDistDir: e.WEB_DIST_DIR ?? defaultWebDist,
    oidc: {
      google: provider(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      microsoft: provider(e.MICROSOFT_ISSUER, e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET),
      allowHttp: e.OIDC_ALLOW_HTTP ?? false,
    },
    posthog: e.POSTHOG_HOST && e.POSTHOG_KEY ? { host: e.POSTHOG_HOST, key: e.POSTHOG_KEY } : null,
    sentryDsn: e.SENTRY_DSN ?? null,
    scan: {
      dnsServers: e.SCAN_DNS_SERVERS ?? null,
      ports: { http: e.SCAN_HTTP_PORT, https: e.SCAN_HTTPS_PORT, smtp: e.SCAN_SMTP_PORT },
      allowPrivate: e.SCAN_ALLOW_PRIVATE ?? false,
    },
  };
}
