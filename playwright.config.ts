import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findBrowser } from './scripts/find-browser';

const port = Number(process.env.E2E_PORT ?? 3100);
const appUrl = `http://127.0.0.1:${port}`;
// Local OpenID providers shaped like Google and Microsoft (apps/server/test/fakes).
const GOOGLE_ISSUER = `http://127.0.0.1:${port + 91}`;
const MICROSOFT_ISSUER = `http://127.0.0.1:${port + 92}`;
// A local Google (OAuth and the Admin SDK, Reports and Policy APIs) for the Workspace integration.
const GOOGLE_API = `http://127.0.0.1:${port + 93}`;
// A local Microsoft identity platform and Graph, and a local Meta (login dialog and Graph API).
const MICROSOFT_API = `http://127.0.0.1:${port + 94}`;
const META_API = `http://127.0.0.1:${port + 95}`;
// A local Stripe (customers, billing portal sessions and page, signed webhooks) for billing.
const STRIPE_API = `http://127.0.0.1:${port + 96}`;
const client = { id: 'castellan-test', secret: 'castellan-test-secret' };
/** The browsers' "current" versions the agent is judged against in the browser tests. */
export const AGENT_BROWSER_VERSIONS = 'chrome=131.0.6778.85,firefox=133.0';
// Made once by the runner; its workers load this file again and inherit the variable, so the
// tests can read what the server keeps there (zz-mail.spec.ts signs an unsubscribe link with its key).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'castellan-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

// Several runs may share a machine: each can build the web app into its own WEB_DIST_DIR.
const webDist = process.env.WEB_DIST_DIR ?? 'apps/web/dist';
if (!existsSync(path.join(webDist, 'index.html'))) {
  throw new Error(
    'The web app is not built: run `npm run build` first (npm test does it for you).',
  );
}

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: appUrl,
    launchOptions: {
      executablePath: findBrowser(),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-gpu',
      ],
    },
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'npx tsx apps/server/test/fakes/run-oidc-providers.ts',
      url: `${GOOGLE_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { APP_URL: appUrl, GOOGLE_PORT: String(port + 91), MICROSOFT_PORT: String(port + 92) },
    },
    {
      command: 'npx tsx apps/server/test/fakes/run-google.ts',
      url: `${GOOGLE_API}/__fake/world`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        APP_URL: appUrl,
        GOOGLE_FAKE_PORT: String(port + 93),
        GOOGLE_FAKE_DOMAIN: 'brightwave.example',
      },
    },
    {
      command: 'npx tsx apps/server/test/fakes/run-microsoft.ts',
      url: `${MICROSOFT_API}/__fake/tenant`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        APP_URL: appUrl,
        MICROSOFT_FAKE_PORT: String(port + 94),
        MICROSOFT_FAKE_DOMAIN: 'tidewater.example',
      },
    },
    {
      command: 'npx tsx apps/server/test/fakes/run-meta.ts',
      url: `${META_API}/__fake/businesses`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { APP_URL: appUrl, META_FAKE_PORT: String(port + 95) },
    },
    {
      command: 'npx tsx apps/server/test/fakes/run-stripe.ts',
      url: `${STRIPE_API}/__fake/customers`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { APP_URL: appUrl, STRIPE_FAKE_PORT: String(port + 96) },
    },
    {
      // The built server, as `npm start` runs it (rebuilt first when its sources changed).
      command:
        'node scripts/build.mjs server --quiet && node --enable-source-maps apps/server/dist/main.js',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        WEB_DIST_DIR: path.resolve(webDist),
        PUBLIC_URL: appUrl,
        OIDC_ALLOW_HTTP: '1',
        GOOGLE_ISSUER,
        GOOGLE_CLIENT_ID: client.id,
        GOOGLE_CLIENT_SECRET: client.secret,
        MICROSOFT_ISSUER,
        MICROSOFT_CLIENT_ID: client.id,
        MICROSOFT_CLIENT_SECRET: client.secret,
        GOOGLE_API_BASE_URL: GOOGLE_API,
        MICROSOFT_API_BASE_URL: MICROSOFT_API,
        META_APP_ID: client.id,
        META_APP_SECRET: client.secret,
        META_API_BASE_URL: META_API,
        STRIPE_SECRET_KEY: 'sk_test_castellan',
        STRIPE_WEBHOOK_SECRET: 'whsec_castellan_test',
        STRIPE_API_BASE_URL: STRIPE_API,
        // The agent the browser tests enroll (npm test builds it first).
        AGENT_DIST_DIR: path.resolve('packages/agent/dist'),
        AGENT_BROWSER_VERSIONS: AGENT_BROWSER_VERSIONS,
      },
    },
  ],
});
