// Every environment variable the server reads, declared once: how it is parsed, the default the
// documentation shows and what it means. `config.ts` parses the environment with these schemas and
// `docs/configuration.md` is generated from the same list (`npm run docs`; a test fails when stale).
import { isIP } from 'node:net';
import {
  AGENT_BROWSERS,
  type AgentBrowser,
  type CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import { SCANNER_ENV } from '@castellan/scanner';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUT_MS } from './db/client';

type Setting<S extends z.ZodType> = {
  schema: S;
  /** The default as the documentation shows it; derived from the schema's `.default()` if unset. */
  shownDefault?: string;
  meaning: string;
};

const setting = <S extends z.ZodType>(
  schema: S,
  meaning: string,
  shownDefault?: string,
): Setting<S> => ({ schema, meaning, shownDefault });

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

const trustProxy = z.string().transform((value, ctx) => {
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
});

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

const positiveInt = z.coerce.number().int().positive();

export const SETTINGS = {
  PORT: setting(z.coerce.number().int().min(0).max(65535).default(3000), 'port to listen on'),
  HOST: setting(
    z.string().min(1).default('localhost'),
    'address to listen on (`0.0.0.0` in a container)',
  ),
  ROLE: setting(
    z.enum(['all', 'web', 'worker']).default('all'),
    'what this process does: `web` answers HTTP only (it queues jobs, runs none), `worker` runs the background jobs and the schedule (its HTTP port answers `/api/health` only), `all` both, for one machine; run any number of each against one `DATABASE_URL` and `REDIS_URL`',
  ),
  MIGRATE_AT_START: setting(
    flag,
    '`0`: the server does not migrate the database at start but refuses to start on one that is behind (run `node apps/server/dist/main.js migrate`, e.g. as a Kubernetes Job, first); PGlite always migrates',
    'on',
  ),
  NODE_ENV: setting(
    z.enum(['development', 'production', 'test']).default('development'),
    '`production` refuses test login, demo data and the other test-only switches below',
  ),
  LOG_LEVEL: setting(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'pino level: `fatal` … `trace`, or `silent`',
  ),
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    '`postgres://…`: use this PostgreSQL (node-postgres) instead of PGlite',
  ),
  DATABASE_TIMEOUT_MS: setting(
    z.coerce.number().int().min(500).max(600_000).default(DEFAULT_DATABASE_TIMEOUT_MS),
    "PostgreSQL: how long (500–600000 ms) connecting or one statement may take before the request gets a 503; migrations and pg-boss's own connections are not bound by it",
  ),
  DATA_DIR: setting(
    z.string().min(1).default('./data'),
    'where the embedded PGlite database, the generated encryption key and the mail outbox are kept; relative to the folder the server starts in (`apps/server` under `npm start`, so `apps/server/data`)',
  ),
  ATTACHMENTS_DIR: setting(
    z.string().min(1).optional(),
    'where files attached to attestations are kept when no bucket is configured',
    '`attachments` in `DATA_DIR` (a temporary folder when `DATA_DIR` is `memory://`)',
  ),
  ATTACHMENTS_S3_BUCKET: setting(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    'keep files attached to attestations in this S3-compatible bucket instead of the data folder; needs `ATTACHMENTS_S3_ACCESS_KEY_ID` and `ATTACHMENTS_S3_SECRET_ACCESS_KEY`',
  ),
  ATTACHMENTS_S3_REGION: setting(
    z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as eu-west-1')
      .default('us-east-1'),
    "the bucket's region, used to sign requests",
  ),
  ATTACHMENTS_S3_ACCESS_KEY_ID: setting(
    z.string().min(1).optional(),
    'the access key that writes and reads the bucket',
  ),
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: setting(
    z.string().min(1).optional(),
    'its secret (never logged)',
  ),
  S3_API_BASE_URL: setting(
    z.url().optional(),
    'the S3-compatible service holding the bucket (MinIO, Cloudflare R2, Backblaze B2, a local fake), addressed path-style as `<origin>/<bucket>/<key>`',
    '`https://s3.<region>.amazonaws.com`',
  ),
  REDIS_URL: setting(
    z
      .url({
        protocol: /^rediss?$/,
        hostname: /./,
        error: 'must be a redis://host or rediss://host URL',
      })
      .optional(),
    '`redis://…` or `rediss://…`: count rate limits in this Redis, shared by every server process (else each process counts its own); a Redis that does not answer stops the start, and while it is down limited calls fail rather than go unlimited',
  ),
  PUBLIC_URL: setting(
    z.url().optional(),
    'the address users reach the app at; sign-in and connect callbacks are built from it; `https://…` makes the session cookie `Secure`',
    '`http://localhost:<PORT>`',
  ),
  TRUST_PROXY: setting(
    trustProxy.optional(),
    "which proxies' `X-Forwarded-For`/`-Proto` to believe: their addresses or CIDRs, comma-separated (`10.0.0.1,10.0.0.0/8`, preferred), or a number of hops (`1` = one proxy; only when the server cannot be reached but through it); `true` is refused",
    '`0`',
  ),
  PRODUCT_DOMAIN: setting(
    z
      .string()
      .regex(/^[a-z0-9.-]+$/, 'must be a lower-case domain name')
      .default('castellan.example'),
    "the product's own domain: staff organisations live under it",
  ),
  SUPPORT_EMAIL: setting(
    z.email('must be an e-mail address').optional(),
    'where users write for help: shown as a mailto link on the Help page',
    '`support@<PRODUCT_DOMAIN>`',
  ),
  SESSION_IDLE_MINUTES: setting(
    positiveInt.default(24 * 60),
    'a session ends after this long without a request',
  ),
  SESSION_MAX_HOURS: setting(
    positiveInt.default(7 * 24),
    'a session ends this long after sign-in, however active',
  ),
  SUBPROCESSORS: setting(
    subprocessorList.optional(),
    "the trust center's subprocessors: `Name|Purpose|Location` entries separated by `;` (`Hetzner|Hosting and database|Germany;Postmark|Sign-in e-mails|United States`); at most 50, all three fields filled",
  ),
  SECURITY_CONTACT: setting(
    securityContact.optional(),
    'where vulnerabilities are reported (trust center, `security.txt`): a `mailto:` address or an `https://` URL',
    '`mailto:` + `SUPPORT_EMAIL`',
  ),
  TRUST_CENTER_DOMAIN: setting(
    z.string().trim().min(1).optional(),
    "the product's own public domain: scanned daily, its grade shown on the trust center",
  ),
  TEST_LOGIN: setting(
    flag,
    '`1` turns test login (demo users only) on outside production, `0` off; refused in production',
    'on in `development`/`test` on a loopback `HOST`, else off',
  ),
  DEMO_DATA: setting(
    flag,
    '`0` skips seeding the demo organisations into an empty database; `1` is refused in production',
    'on, off in production',
  ),
  WEB_DIST_DIR: setting(
    z.string().optional(),
    'where the built web app is served from',
    '`apps/web/dist`',
  ),
  AGENT_DIST_DIR: setting(
    z.string().min(1).optional(),
    "where the endpoint agent's builds are served from (`npm run build` writes them)",
    '`packages/agent/dist`',
  ),
  AGENT_BROWSER_VERSIONS: setting(
    browserVersions.optional(),
    "the browsers' current versions the agent compares with, e.g. `chrome=131.0.6778.85,firefox=133.0,edge=131.0.2903.70,safari=18.1`; a browser left out is not judged (none by default: keep it current)",
  ),
  GOOGLE_CLIENT_ID: setting(
    z.string().min(1).optional(),
    'OAuth client of a Google Cloud project: offers "Sign in with Google" and connecting Google Workspace',
  ),
  GOOGLE_CLIENT_SECRET: setting(z.string().min(1).optional(), 'the secret of `GOOGLE_CLIENT_ID`'),
  GOOGLE_ISSUER: setting(
    z.url().default('https://accounts.google.com'),
    'OpenID issuer for Google (tests and the demo point it at a local provider)',
  ),
  MICROSOFT_CLIENT_ID: setting(
    z.string().min(1).optional(),
    'Entra ID app registration (multi-tenant): offers "Sign in with Microsoft" and connecting Microsoft 365',
  ),
  MICROSOFT_CLIENT_SECRET: setting(
    z.string().min(1).optional(),
    'the secret of `MICROSOFT_CLIENT_ID`',
  ),
  MICROSOFT_ISSUER: setting(
    z.url().default('https://login.microsoftonline.com/organizations/v2.0'),
    'OpenID issuer for Microsoft work accounts',
  ),
  OIDC_ALLOW_HTTP: setting(
    flag,
    '`1` lets an issuer be plain `http://` (local test providers); refused in production',
    '`0`',
  ),
  GOOGLE_API_BASE_URL: setting(
    z.url().optional(),
    "one origin for every Google API call of the Workspace integration, with Google's real paths (a local fake)",
    "Google's hosts",
  ),
  MICROSOFT_API_BASE_URL: setting(
    z.url().optional(),
    'one origin for the identity platform (`/{tenant}/oauth2/v2.0/…`) and Graph (`/v1.0/…`) of the Microsoft 365 integration, which uses the `MICROSOFT_CLIENT_ID` app',
    "Microsoft's hosts",
  ),
  META_APP_ID: setting(
    z.string().min(1).optional(),
    'a Meta (Facebook) business app: offers connecting Meta',
  ),
  META_APP_SECRET: setting(z.string().min(1).optional(), 'the secret of `META_APP_ID`'),
  META_API_BASE_URL: setting(
    z.url().optional(),
    'one origin for the login dialog (`/v24.0/dialog/oauth`), the token endpoints, `/debug_token` and the Graph API',
    "Meta's hosts",
  ),
  BITWARDEN_API_BASE_URL: setting(
    z.url().optional(),
    'one origin for the identity token endpoint (`/connect/token`) and the Public API (`/public/…`) of the Bitwarden integration (a local fake)',
    "Bitwarden's cloud hosts of the region the administrator chooses",
  ),
  META_GRAPH_VERSION: setting(
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'must look like v24.0')
      .default('v24.0'),
    'the Graph API version Castellan calls',
  ),
  AWS_API_BASE_URL: setting(
    z.url().optional(),
    'one origin for every AWS call (STS, IAM, CloudTrail, S3 Control) on their real paths, still signed for the real service and region',
    "AWS's hosts (iam.amazonaws.com, sts.<region>.amazonaws.com, …)",
  ),
  SLACK_CLIENT_ID: setting(
    z.string().min(1).optional(),
    'a Slack app (with a bot user, Interactivity on): offers Slack for nudges; needs `SLACK_CLIENT_SECRET` and `SLACK_SIGNING_SECRET` too',
  ),
  SLACK_CLIENT_SECRET: setting(z.string().min(1).optional(), 'the secret of `SLACK_CLIENT_ID`'),
  SLACK_SIGNING_SECRET: setting(
    z.string().min(1).optional(),
    "the Slack app's signing secret: the button presses Slack posts to Castellan's Interactivity request URL are checked with it",
  ),
  SLACK_API_BASE_URL: setting(
    z.url().default('https://slack.com'),
    'where Slack is called, on its real paths (`/oauth/v2/authorize`, `/api/<method>`); any other origin also serves the `response_url`s Castellan answers (a local fake)',
  ),
  TEAMS_API_BASE_URL: setting(
    z.url().optional(),
    'the one origin whose workflow addresses the Microsoft Teams form accepts (a local fake, for tests and the demo); unset, only https addresses on `*.logic.azure.com`, `*.environment.api.powerplatform.com`, `*.webhook.office.com` and `outlook.office.com`',
    "Microsoft's webhook hosts",
  ),
  SYNC_CONCURRENCY_PER_PROVIDER: setting(
    positiveInt.max(100).default(8),
    "integration syncs of one provider that run at once across all processes (a provider's API quota is often per application, not per customer); a sync that finds them all running waits its turn",
  ),
  WATCH_SCAN_CONCURRENCY: setting(
    positiveInt.max(100).default(4),
    'scheduled scans of watched domains one process runs at once (each scan holds a few dozen sockets for up to 45 s)',
  ),
  CT_API_BASE_URL: setting(
    z.url().default('https://crt.sh'),
    'the certificate transparency search (crt.sh, or one that answers as it does, on its real path `/?q=…&output=json`) where subdomains of watched domains are looked up; tests point it at the fake crt.sh',
  ),
  PHISHING_REPORT_SMTP_PORT: setting(
    z.coerce.number().int().min(1).max(65535).optional(),
    "receive replies to and reports of practice phishing messages by SMTP on this port (each organisation's report address is `report+<key>@<PHISHING_REPORT_DOMAIN>`; point that domain's MX here); unset, no report address is offered",
    'off',
  ),
  PHISHING_REPORT_DOMAIN: setting(
    z
      .string()
      .trim()
      .min(3)
      .regex(/^[a-z0-9.-]+$/i, 'must be a domain name')
      .optional(),
    'the domain of the report addresses of phishing practice',
    '`PRODUCT_DOMAIN`',
  ),
  PHISHING_SCANNER_SECONDS: setting(
    z.coerce.number().int().min(0).max(3600).default(30),
    'a practice link opened this soon after its message was delivered is taken for a mail scanner, not counted as a click',
  ),
  STRIPE_SECRET_KEY: setting(
    z
      .string()
      .regex(
        /^(sk|rk)_[A-Za-z0-9_]+$/,
        'must be a Stripe secret key (sk_...) or restricted key (rk_...)',
      )
      .optional(),
    'Stripe secret (`sk_…`) or restricted (`rk_…`) key: turns billing on (the customer portal); never logged nor sent to the browser',
  ),
  STRIPE_WEBHOOK_SECRET: setting(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a webhook endpoint's signing secret (whsec_...)")
      .optional(),
    'the signing secret (`whsec_…`) of the webhook endpoint `…/api/stripe/webhook`; without it every delivery is refused (503)',
  ),
  STRIPE_API_BASE_URL: setting(
    z.url().default('https://api.stripe.com'),
    'where the Stripe API is called (tests point it at the fake Stripe)',
  ),
  ENCRYPTION_KEY: setting(
    z
      .string()
      .regex(
        /^[A-Za-z0-9+/]{43}=$|^[0-9a-fA-F]{64}$/,
        'must be 32 bytes as base64 or 64 hex digits',
      )
      .optional(),
    "32 random bytes as base64 (`openssl rand -base64 32`) or 64 hex digits: seals provider tokens, and the agent manifest's Ed25519 signing key is derived from it (agents keep that key: change it and they must be enrolled again to update); required in production and with `DATABASE_URL`",
    'generated into `DATA_DIR`',
  ),
  SMTP_URL: setting(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    '`smtp://user:pass@host:587` or `smtps://…`: send mail through this server; required in production when mail is on',
    '– (the outbox in `DATA_DIR`)',
  ),
  MAIL_FROM: setting(
    z
      .string()
      .trim()
      .min(3)
      .refine((value) => !/[\r\n]/.test(value), 'must be one line')
      .optional(),
    'the sender of every message (one line)',
    '`Castellan <no-reply@<PRODUCT_DOMAIN>>`',
  ),
  MAIL_ENABLED: setting(
    flag,
    '`0` sends and records no mail; `1` in production without `SMTP_URL` refuses to start',
    'on, in production only with `SMTP_URL`',
  ),
  POSTHOG_HOST: setting(
    z.url().optional(),
    'send consented analytics to this PostHog-compatible host (with `POSTHOG_KEY`) instead of the server',
  ),
  POSTHOG_KEY: setting(z.string().min(1).optional(), 'the PostHog project key'),
  SENTRY_DSN: setting(
    z
      .string()
      .regex(/^https:\/\/[^@/]+@[^/]+\/.+$/, 'must look like https://<key>@<host>/<project>')
      .optional(),
    'send uncaught browser errors to Sentry instead of the server log',
  ),
  SCAN_DNS_SERVERS: setting(
    SCANNER_ENV.SCAN_DNS_SERVERS,
    'resolvers for the scanner (`host:port`, comma-separated); use a validating one (e.g. `9.9.9.9`) so DNSSEC can be judged',
    'system resolvers',
  ),
  SCAN_HTTP_PORT: setting(SCANNER_ENV.SCAN_HTTP_PORT, 'HTTP port the scanner dials'),
  SCAN_HTTPS_PORT: setting(SCANNER_ENV.SCAN_HTTPS_PORT, 'HTTPS port the scanner dials'),
  SCAN_SMTP_PORT: setting(
    SCANNER_ENV.SCAN_SMTP_PORT,
    'SMTP port the scanner dials (tests point the ports at local fixtures)',
  ),
  SCAN_ALLOW_PRIVATE: setting(
    SCANNER_ENV.SCAN_ALLOW_PRIVATE,
    '`1` lets the scanner reach loopback/private addresses and `.test` names (tests only); refused in production',
    '`0`',
  ),
  SCAN_MAX_CONCURRENT: setting(
    z.coerce.number().int().min(1).max(1000).default(8),
    'most public scans running at once in one server process; more get 429 with `Retry-After`',
  ),
  SCAN_MAX_PER_CLIENT: setting(
    z.coerce.number().int().min(1).max(1000).default(2),
    'most public scans one client address may have running at once',
  ),
  NODE_EXTRA_CA_CERTS: setting(
    z.string().optional(),
    "Node's own, read by Node itself: extra CAs the scanner trusts (the fixtures' test CA)",
  ),
};

type Settings = typeof SETTINGS;
type Schemas = { [K in keyof Settings]: Settings[K]['schema'] };

/** The schema of the whole environment. */
export const environmentSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, s]) => [name, s.schema])) as Schemas,
);
export type Environment = z.output<typeof environmentSchema>;

/** The default a setting's row shows: its own text, else the schema's `.default()`, else none. */
function shownDefault(s: Setting<z.ZodType>): string {
  if (s.shownDefault) return s.shownDefault;
  const def = s.schema.def as { type: string; defaultValue?: unknown };
  return def.type === 'default' ? `\`${String(def.defaultValue)}\`` : '–';
}

/** The configuration table of the documentation, one row per setting. */
export function settingsTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = Object.entries(SETTINGS).map(
    ([name, s]) => `| \`${name}\` | ${cell(shownDefault(s))} | ${cell(s.meaning)} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
