import { isIP } from 'node:net';
import path from 'node:path';
import { parsePublicDomain } from '@castellan/contract/domain';
import { scannerTarget } from '@castellan/scanner';
import { type Environment, environmentSchema } from './settings';

export type { Subprocessor } from './settings';

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

/** The server's configuration: what `loadConfig` makes of the environment. */
export type Config = ReturnType<typeof loadConfig>;

/** A provider's OAuth client; `baseUrl` null means the provider's real hosts. */
export type ProviderClient = { clientId: string; clientSecret: string; baseUrl: string | null };

export type StripeConfig = { secretKey: string; webhookSecret: string | null; baseUrl: string };

export type OidcProviderConfig = { issuer: string; clientId: string; clientSecret: string };

/** The start is refused: one line per wrong setting, `NAME: what is wrong`. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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

/** Mail is on by default outside production (into the outbox); production asks for it. */
const mailOn = (e: Environment) =>
  e.MAIL_ENABLED ?? (e.NODE_ENV !== 'production' || e.SMTP_URL !== undefined);

export type AttachmentStoreConfig =
  | { kind: 'local'; dir: string | null }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      baseUrl: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** The bucket when one is fully configured; else the folder (null: a temporary one). */
function attachmentStore(e: Environment): AttachmentStoreConfig {
  const { ATTACHMENTS_S3_BUCKET: bucket, ATTACHMENTS_S3_REGION: region } = e;
  if (bucket && e.ATTACHMENTS_S3_ACCESS_KEY_ID && e.ATTACHMENTS_S3_SECRET_ACCESS_KEY) {
    return {
      kind: 's3',
      bucket,
      region,
      baseUrl: (e.S3_API_BASE_URL ?? `https://s3.${region}.amazonaws.com`).replace(/\/$/, ''),
      accessKeyId: e.ATTACHMENTS_S3_ACCESS_KEY_ID,
      secretAccessKey: e.ATTACHMENTS_S3_SECRET_ACCESS_KEY,
    };
  }
  if (e.ATTACHMENTS_DIR) return { kind: 'local', dir: e.ATTACHMENTS_DIR };
  return {
    kind: 'local',
    dir: e.DATA_DIR.includes('://') ? null : path.join(e.DATA_DIR, 'attachments'),
  };
}

/** What production refuses, whatever else is set: each rule names its variable. */
function productionProblems(e: Environment): string[] {
  if (e.NODE_ENV !== 'production') return [];
  const refused = (name: string, set: boolean | undefined) =>
    set ? [`${name}: must not be set in production`] : [];
  return [
    ...refused('OIDC_ALLOW_HTTP', e.OIDC_ALLOW_HTTP),
    ...refused('SCAN_ALLOW_PRIVATE', e.SCAN_ALLOW_PRIVATE),
    // Test login signs in without a password: never in production, whatever the flags say.
    ...refused('TEST_LOGIN', e.TEST_LOGIN),
    ...refused('DEMO_DATA', e.DEMO_DATA),
    ...(e.ENCRYPTION_KEY
      ? []
      : [
          'ENCRYPTION_KEY: must be set in production (32 random bytes as base64: `openssl rand -base64 32`)',
        ]),
    ...(mailOn(e) && !e.SMTP_URL
      ? ['SMTP_URL: must be set in production when MAIL_ENABLED is on']
      : []),
  ];
}

/**
 * Reads and validates the environment once. Every wrong setting is reported together, one line
 * each, in a `ConfigError`.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems = productionProblems(e);
  if (
    e.ATTACHMENTS_S3_BUCKET &&
    !(e.ATTACHMENTS_S3_ACCESS_KEY_ID && e.ATTACHMENTS_S3_SECRET_ACCESS_KEY)
  ) {
    problems.push(
      'ATTACHMENTS_S3_BUCKET: needs ATTACHMENTS_S3_ACCESS_KEY_ID and ATTACHMENTS_S3_SECRET_ACCESS_KEY',
    );
  }
  let trustCenterDomain: string | null = null;
  if (e.TRUST_CENTER_DOMAIN) {
    const domain = parsePublicDomain(e.TRUST_CENTER_DOMAIN, {
      allowReserved: e.SCAN_ALLOW_PRIVATE,
    });
    if (domain.ok) trustCenterDomain = domain.domain;
    else problems.push(`TRUST_CENTER_DOMAIN: ${domain.error}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const supportEmail = e.SUPPORT_EMAIL ?? `support@${e.PRODUCT_DOMAIN}`;
  const testLoginReason = testLoginOn(e.TEST_LOGIN, !production && isLoopbackHost(e.HOST));
  const provider = (issuer: string, clientId?: string, clientSecret?: string) =>
    clientId && clientSecret ? ({ issuer, clientId, clientSecret } as OidcProviderConfig) : null;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    /** postgres:// URL, or undefined for the embedded PGlite database. */
    databaseUrl: e.DATABASE_URL,
    /** Connect and statement timeout of the PostgreSQL request pool (not migrations, not pg-boss). */
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
    dataDir: e.DATA_DIR,
    /** redis:// URL: rate limits are counted there, shared by every process; null counts per process. */
    redisUrl: e.REDIS_URL ?? null,
    /** The address users reach the app at; sign-in and connect callbacks are built from it. */
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** Fastify's `trustProxy`: false, a number of proxy hops, or the proxies' addresses/CIDRs. */
    trustProxy: e.TRUST_PROXY ?? false,
    productDomain: e.PRODUCT_DOMAIN,
    /** Where users write for help (the Help page, the trust center). */
    supportEmail,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxAgeMs: e.SESSION_MAX_HOURS * 3_600_000 },
    /** What the public trust center shows. */
    trustCenter: {
      subprocessors: e.SUBPROCESSORS ?? [],
      /** A `mailto:` or `https:` URL; by default `mailto:` the support address. */
      securityContact: e.SECURITY_CONTACT ?? `mailto:${supportEmail}`,
      /** The product's own public domain, scanned daily for the page's live grade; null: none. */
      domain: trustCenterDomain,
    },
    /** Password-less sign-in as a demo user (never in production). */
    testLogin: testLoginReason !== null,
    /** Why test login is on: a development server on a loopback address, or asked for; else null. */
    testLoginReason,
    demoData: e.DEMO_DATA ?? !production,
    /** What this process does: HTTP, jobs, or both. */
    role: e.ROLE,
    migrateAtStart: e.MIGRATE_AT_START ?? true,
    webDistDir: e.WEB_DIST_DIR ?? defaultWebDist,
    /** The endpoint agent: where its builds are served from, and the browsers' current versions. */
    agent: {
      distDir: e.AGENT_DIST_DIR ?? defaultAgentDist,
      browserVersions: e.AGENT_BROWSER_VERSIONS ?? {},
    },
    /** The configured identity providers; a provider without client id and secret is not offered. */
    oidc: {
      google: provider(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      microsoft: provider(e.MICROSOFT_ISSUER, e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET),
      /** Plain-http issuers, for local test providers only (refused in production). */
      allowHttp: e.OIDC_ALLOW_HTTP ?? false,
    },
    /**
     * The key that encrypts provider tokens at rest (32 bytes). Unset outside production: the
     * embedded database keeps a generated one in its data folder (see lib/encryption-key.ts).
     */
    encryptionKey: e.ENCRYPTION_KEY
      ? Buffer.from(e.ENCRYPTION_KEY, e.ENCRYPTION_KEY.length === 64 ? 'hex' : 'base64')
      : null,
    /** The provider clients of the integrations; null when this server has none configured. */
    integrations: {
      /** The Google sign-in client, also used to connect Google Workspace. */
      google: providerClient(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_API_BASE_URL),
      /** The Microsoft sign-in app, also used to connect Microsoft 365. */
      microsoft: providerClient(
        e.MICROSOFT_CLIENT_ID,
        e.MICROSOFT_CLIENT_SECRET,
        e.MICROSOFT_API_BASE_URL,
      ),
      /** The Meta (Facebook) app that connects business accounts. */
      meta: withVersion(
        providerClient(e.META_APP_ID, e.META_APP_SECRET, e.META_API_BASE_URL),
        e.META_GRAPH_VERSION,
      ),
      /** Bitwarden's keys are pasted per organisation: only its origin is set here (null: the real hosts). */
      bitwarden: { baseUrl: e.BITWARDEN_API_BASE_URL?.replace(/\/$/, '') ?? null },
      /** AWS needs no app of ours (a key is pasted); null base URL: AWS's own hosts. */
      aws: { baseUrl: e.AWS_API_BASE_URL?.replace(/\/$/, '') ?? null },
      /** Teams' workflow addresses are pasted; null base URL: only Microsoft's hosts accepted. */
      teams: { baseUrl: e.TEAMS_API_BASE_URL?.replace(/\/$/, '') ?? null },
      /** The Slack app that carries nudges; null unless its id, secret and signing secret are set. */
      slack:
        e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_SIGNING_SECRET
          ? {
              clientId: e.SLACK_CLIENT_ID,
              clientSecret: e.SLACK_CLIENT_SECRET,
              signingSecret: e.SLACK_SIGNING_SECRET,
              baseUrl: e.SLACK_API_BASE_URL.replace(/\/$/, ''),
            }
          : null,
    },
    /**
     * Billing through Stripe; null without STRIPE_SECRET_KEY. `webhookSecret` null: the webhook
     * refuses every delivery. `baseUrl` has no trailing slash.
     */
    stripe: e.STRIPE_SECRET_KEY
      ? ({
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          baseUrl: e.STRIPE_API_BASE_URL.replace(/\/$/, ''),
        } as StripeConfig)
      : null,
    /**
     * E-mail. Off: nothing is sent or recorded. Without `smtpUrl`, messages are written to the
     * data folder's outbox instead (never in production).
     */
    mail: {
      enabled: mailOn(e),
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `Castellan <no-reply@${e.PRODUCT_DOMAIN}>`,
    },
    /** Files attached to attestations: an S3-compatible bucket when configured, else a folder. */
    attachments: attachmentStore(e),
    /** Browser analytics go here instead of our own API when set. */
    posthog: e.POSTHOG_HOST && e.POSTHOG_KEY ? { host: e.POSTHOG_HOST, key: e.POSTHOG_KEY } : null,
    /** Browser errors go here instead of our own API when set. */
    sentryDsn: e.SENTRY_DSN ?? null,
    /** Integration syncs: how many of one provider run at once, in all processes together. */
    syncs: { concurrencyPerProvider: e.SYNC_CONCURRENCY_PER_PROVIDER },
    /** The outside-in watch: where certificate transparency is searched (no trailing slash). */
    watch: {
      ctBaseUrl: e.CT_API_BASE_URL.replace(/\/$/, ''),
      scanConcurrency: e.WATCH_SCAN_CONCURRENCY,
    },
    /** Phishing practice: where reports are received, and when an opened link is a scanner's. */
    phishing: {
      reportSmtpPort: e.PHISHING_REPORT_SMTP_PORT ?? null,
      reportDomain: (e.PHISHING_REPORT_DOMAIN ?? e.PRODUCT_DOMAIN).toLowerCase(),
      scannerSeconds: e.PHISHING_SCANNER_SECONDS,
    },
    /** Where the domain scanner sends its queries and probes (SCAN_ALLOW_PRIVATE is refused in production). */
    scan: {
      ...scannerTarget(e),
      /** Most public scans running at once in this process, in all and per client address. */
      publicCaps: { total: e.SCAN_MAX_CONCURRENT, perClient: e.SCAN_MAX_PER_CLIENT },
    },
  };
}
