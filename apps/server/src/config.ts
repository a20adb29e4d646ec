import { isIP } from 'node:net';
import path from 'node:path';
import {
  AGENT_BROWSERS,
  type AgentBrowser,
  type CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import { parsePublicDomain } from '@castellan/contract/domain';
import { SCANNER_ENV, type ScannerTarget, scannerTarget } from '@castellan/scanner';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUT_MS } from './db/client';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** An IPv4/IPv6 address, or one with a `/prefix` of a valid length. */
const addressOrCidr = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: `0`/`false` trusts nobody, a number trusts that many hops in front of the
 * server, a list trusts those proxies; null when it is none of these.
 */
function trustedProxies(value: string): false | number | string[] | null {
  if (value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  return list.every(addressOrCidr) ? list : null;
}

/** Whether the server only listens on this machine (`localhost`, `::1`, any `127.x`). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}

/** Test login is on when asked for, else only on a development or test server of this machine. */
function testLoginOn(asked: boolean | undefined, loopbackDevelopment: boolean) {
  if (asked !== undefined) return asked ? ('TEST_LOGIN=1' as const) : null;
  return loopbackDevelopment ? ('loopback development' as const) : null;
}

/** One company that handles customer data for Castellan, as the trust center lists it. */
export type Subprocessor = { name: string; purpose: string; location: string };

const MAX_SUBPROCESSORS = 50;
const SUBPROCESSOR_FIELD_LENGTH = 200;

/**
 * `SUBPROCESSORS`: `Name|Purpose|Location` entries separated by `;`, e.g.
 * `Hetzner|Hosting and database|Germany; Postmark|Sign-in e-mails|United States`.
 */
const subprocessorList = z.string().transform((value, ctx) => {
  const entries = value
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const list: Subprocessor[] = [];
  for (const [index, entry] of entries.entries()) {
    const fields = entry.split('|').map((field) => field.trim());
    const [name = '', purpose = '', location = ''] = fields;
    const problem =
      fields.length !== 3 || !name || !purpose || !location
        ? `entry ${index + 1} ("${entry}") must be Name|Purpose|Location, all three filled`
        : fields.some((field) => field.length > SUBPROCESSOR_FIELD_LENGTH)
          ? `entry ${index + 1} has a field longer than ${SUBPROCESSOR_FIELD_LENGTH} characters`
          : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    list.push({ name, purpose, location });
  }
  if (list.length > MAX_SUBPROCESSORS) {
    ctx.addIssue({ code: 'custom', message: `must list at most ${MAX_SUBPROCESSORS} entries` });
    return z.NEVER;
  }
  return list;
});

/**
 * `AGENT_BROWSER_VERSIONS`: the current version of each browser the agent judges, e.g.
 * `chrome=131.0.6778.85,firefox=133.0`. A browser left out is not judged.
 */
const browserVersions = z.string().transform((value, ctx) => {
  const versions: CurrentBrowsers = {};
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name = '', version = ''] = entry.split('=').map((part) => part.trim());
    if (
      !(AGENT_BROWSERS as readonly string[]).includes(name) ||
      !/^\d+(\.\d+){0,3}$/.test(version)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" must be browser=version with a browser among ${AGENT_BROWSERS.join(', ')} and a version such as 131.0.6778.85`,
      });
      return z.NEVER;
    }
    versions[name as AgentBrowser] = version;
  }
  return versions;
});

/** `SECURITY_CONTACT`: where vulnerabilities are reported, as security.txt's Contact wants it. */
const securityContact = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(value) ||
      z.url({ protocol: /^https$/ }).safeParse(value).success,
    'must be a mailto: address or an https:// URL',
  );

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  // How long a PostgreSQL connection attempt or statement may take before the request gets a 503.
  DATABASE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(600_000)
    .default(DEFAULT_DATABASE_TIMEOUT_MS),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      hostname: /./,
      error: 'must be a redis://host or rediss://host URL',
    })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trusted = trustedProxies(value.trim());
      if (trusted === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            value.trim() === 'true'
              ? "`true` would let any client choose its own address: give the number of proxy hops or the proxies' addresses"
              : "must be the number of proxy hops (e.g. 1) or the proxies' addresses/CIDRs, comma-separated",
        });
        return z.NEVER;
      }
      return trusted;
    })
    .optional(),
  PRODUCT_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a lower-case domain name')
    .default('castellan.example'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  SUBPROCESSORS: subprocessorList.optional(),
  SECURITY_CONTACT: securityContact.optional(),
  TRUST_CENTER_DOMAIN: z.string().trim().min(1).optional(),
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
  AGENT_DIST_DIR: z.string().min(1).optional(),
  AGENT_BROWSER_VERSIONS: browserVersions.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_ISSUER: z.url().default('https://login.microsoftonline.com/organizations/v2.0'),
  OIDC_ALLOW_HTTP: flag,
  GOOGLE_API_BASE_URL: z.url().optional(),
  MICROSOFT_API_BASE_URL: z.url().optional(),
  META_APP_ID: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  META_API_BASE_URL: z.url().optional(),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v24.0')
    .default('v24.0'),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$|^[0-9a-fA-F]{64}$/, 'must be 32 bytes as base64 or 64 hex digits')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_[A-Za-z0-9_]+$/,
      'must be a Stripe secret key (sk_...) or restricted key (rk_...)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_BASE_URL: z.url().default('https://api.stripe.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line')
    .optional(),
  MAIL_ENABLED: flag,
  POSTHOG_HOST: z.url().optional(),
  POSTHOG_KEY: z.string().min(1).optional(),
  ...SCANNER_ENV,
  SCAN_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).default(8),
  SCAN_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(2),
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
  /** Connect and statement timeout of the PostgreSQL request pool (not migrations, not pg-boss). */
  databaseTimeoutMs: number;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  dataDir: string;
  /** redis:// URL: rate limits are counted there, shared by every process; null counts per process. */
  redisUrl: string | null;
  /** The address users reach the app at; sign-in callbacks are built from it. */
  publicUrl: string;
  /** Fastify's `trustProxy`: false, a number of proxy hops, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  productDomain: string;
  /** Where users write for help (the Help page, the trust center); default support@PRODUCT_DOMAIN. */
  supportEmail: string;
  session: { idleMs: number; maxAgeMs: number };
  /** What the public trust center shows (SUBPROCESSORS, SECURITY_CONTACT, TRUST_CENTER_DOMAIN). */
  trustCenter: {
    subprocessors: Subprocessor[];
    /** A `mailto:` or `https:` URL; by default `mailto:` the support address. */
    securityContact: string;
    /** The product's own public domain, scanned daily for the page's live grade; null: none. */
    domain: string | null;
  };
  /** Password-less sign-in as a demo user (never in production). */
  testLogin: boolean;
  /** Why test login is on: a development server on a loopback address, or asked for; else null. */
  testLoginReason: 'loopback development' | 'TEST_LOGIN=1' | null;
  demoData: boolean;
  webDistDir: string;
  /** The endpoint agent: where its builds are served from, and the browsers' current versions. */
  agent: { distDir: string; browserVersions: CurrentBrowsers };
  /** The configured identity providers; a provider without client id and secret is not offered. */
  oidc: {
    google: OidcProviderConfig | null;
    microsoft: OidcProviderConfig | null;
    /** Plain-http issuers, for local test providers only (refused in production). */
    allowHttp: boolean;
  };
  /**
   * The key that encrypts provider tokens at rest (32 bytes). Unset outside production: the
   * embedded database keeps a generated one in its data folder (see lib/encryption-key.ts).
   */
  encryptionKey: Buffer | null;
  /** The provider clients of the integrations; null when this server has none configured. */
  integrations: {
    /** The Google sign-in client, also used to connect Google Workspace. */
    google: ProviderClient | null;
    /** The Microsoft sign-in app, also used to connect Microsoft 365. */
    microsoft: ProviderClient | null;
    /** The Meta (Facebook) app that connects business accounts. */
    meta: (ProviderClient & { version: string }) | null;
  };
  /**
   * Billing through Stripe; null without STRIPE_SECRET_KEY. `webhookSecret` null: the webhook
   * refuses every delivery. `baseUrl` has no trailing slash.
   */
  stripe: StripeConfig | null;
  /**
   * E-mail (MAIL_ENABLED, SMTP_URL, MAIL_FROM). Off: nothing is sent or recorded. Without
   * `smtpUrl`, messages are written to the data folder's outbox instead (never in production).
   */
  mail: { enabled: boolean; smtpUrl: string | null; from: string };
  /** Browser analytics go here instead of our own API when set. */
  posthog: { host: string; key: string } | null;
  /** Browser errors go here instead of our own API when set. */
  sentryDsn: string | null;
  /** Where the domain scanner sends its queries and probes (SCAN_ALLOW_PRIVATE is refused in production). */
  scan: ScannerTarget & {
    /** Most public scans running at once in this process, in all and per client address. */
    publicCaps: { total: number; perClient: number };
  };
};

/** A provider's OAuth client; `baseUrl` null means the provider's real hosts. */
export type ProviderClient = { clientId: string; clientSecret: string; baseUrl: string | null };

export type StripeConfig = { secretKey: string; webhookSecret: string | null; baseUrl: string };

export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string };

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
const defaultAgentDist = path.resolve(import.meta.dirname, '../../../packages/agent/dist');

const providerClient = (
  clientId: string | undefined,
  clientSecret: string | undefined,
  baseUrl: string | undefined,
): ProviderClient | null =>
  clientId && clientSecret
    ? { clientId, clientSecret, baseUrl: baseUrl?.replace(/\/$/, '') ?? null }
    : null;

const withVersion = (client: ProviderClient | null, version: string) =>
  client ? { ...client, version } : null;

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
  // Test login signs in without a password: never in production, whatever the flags say.
  if (production && e.TEST_LOGIN) {
    throw new Error('Invalid configuration:\n  TEST_LOGIN: must not be set in production');
  }
  if (production && e.DEMO_DATA) {
    throw new Error('Invalid configuration:\n  DEMO_DATA: must not be set in production');
  }
  if (production && !e.ENCRYPTION_KEY) {
    throw new Error(
      'Invalid configuration:\n  ENCRYPTION_KEY: must be set in production (32 random bytes as base64: `openssl rand -base64 32`)',
    );
  }
  // Mail is on by default outside production (into the outbox); production asks for it.
  const mailEnabled = e.MAIL_ENABLED ?? (!production || e.SMTP_URL !== undefined);
  if (production && mailEnabled && !e.SMTP_URL) {
    throw new Error(
      'Invalid configuration:\n  SMTP_URL: must be set in production when MAIL_ENABLED is on',
    );
  }
  let trustCenterDomain: string | null = null;
  if (e.TRUST_CENTER_DOMAIN) {
    const parsed = parsePublicDomain(e.TRUST_CENTER_DOMAIN, {
      allowReserved: e.SCAN_ALLOW_PRIVATE,
    });
    if (!parsed.ok) {
      throw new Error(`Invalid configuration:\n  TRUST_CENTER_DOMAIN: ${parsed.error}`);
    }
    trustCenterDomain = parsed.domain;
  }
  const supportEmail = e.SUPPORT_EMAIL ?? `support@${e.PRODUCT_DOMAIN}`;
  const testLoginReason = testLoginOn(e.TEST_LOGIN, !production && isLoopbackHost(e.HOST));
  const provider = (issuer: string, clientId?: string, clientSecret?: string) =>
    clientId && clientSecret ? { issuer, clientId, clientSecret } : null;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY ?? false,
    productDomain: e.PRODUCT_DOMAIN,
    supportEmail,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000 },
    trustCenter: {
      subprocessors: e.SUBPROCESSORS ?? [],
      securityContact: e.SECURITY_CONTACT ?? `mailto:${supportEmail}`,
      domain: trustCenterDomain,
    },
    testLogin: testLoginReason !== null,
    testLoginReason,
    demoData: e.DEMO_DATA ?? !production,
    webDistDir: e.WEB_DIST_DIR ?? defaultWebDist,
    agent: {
      distDir: e.AGENT_DIST_DIR ?? defaultAgentDist,
      browserVersions: e.AGENT_BROWSER_VERSIONS ?? {},
    },
    oidc: {
      google: provider(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      microsoft: provider(e.MICROSOFT_ISSUER, e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET),
      allowHttp: e.OIDC_ALLOW_HTTP ?? false,
    },
    encryptionKey: e.ENCRYPTION_KEY
      ? Buffer.from(e.ENCRYPTION_KEY, e.ENCRYPTION_KEY.length === 64 ? 'hex' : 'base64')
      : null,
    integrations: {
      google: providerClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_API_BASE_URL),
      microsoft: providerClient(
        e.MICROSOFT_CLIENT_ID,
        e.MICROSOFT_CLIENT_SECRET,
        e.MICROSOFT_API_BASE_URL,
      ),
      meta: withVersion(
        providerClient(e.META_APP_ID, e.META_APP_SECRET, e.META_API_BASE_URL),
        e.META_GRAPH_VERSION,
      ),
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          baseUrl: e.STRIPE_API_BASE_URL.replace(/\/$/, ''),
        }
      : null,
    mail: {
      enabled: mailEnabled,
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `Castellan <no-reply@${e.PRODUCT_DOMAIN}>`,
    },
    posthog: e.POSTHOG_HOST && e.POSTHOG_KEY ? { host: e.POSTHOG_HOST, key: e.POSTHOG_KEY } : null,
    sentryDsn: e.SENTRY_DSN ?? null,
    scan: {
      ...scannerTarget(e),
      publicCaps: { total: e.SCAN_MAX_CONCURRENT, perClient: e.SCAN_MAX_PER_CLIENT },
    },
  };
}
