import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findBrowser } from './scripts/find-browser';

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
  // Each worker runs its own server and fakes (stack.ts); spec files are spread over the workers.
  globalSetup: './apps/web/e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
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
});
