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
  // Measured on the 2-core CI machine (48 tests of four specs): 1 worker ≈ 6.5 min, 2 workers
  // 6.9 min, 3 workers 8.9 min with timeouts. Two keep the suite parallel without overloading it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A page that boots in 1 s alone can take several times that on a busy two-core machine.
  // Generous waits keep passing tests passing; a real failure still fails, only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
    // Recording a trace costs every test, passing or not: the users spec (11 tests, one worker)
    // took 98 s and 176 busy CPU-s with traces, 78 s and 132 without. A failure still leaves its
    // screenshot and page snapshot; E2E_TRACE=on records traces again to look into one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
  },
});
