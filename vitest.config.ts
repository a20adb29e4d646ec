import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test files that change what the modules they import hold: the web app's API client keeps the
// fetch it finds, two files stub the window's globals, the mail tests set the queue's timing.
const ISOLATED = [
  'apps/web/src/lib/api.test.ts',
  'apps/web/src/lib/oauth-flow.test.ts',
  'apps/web/src/features/integrations/connect-popup.test.ts',
  'apps/server/src/modules/mail/**/*.test.ts',
];

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Much of this tier waits (child servers, timers, databases) rather than computes: Vitest's
    // default of one worker fewer than the cores left a 2-core machine two-thirds idle. One more
    // worker than cores, measured there (3,158 tests): 1 worker 13.9 min at 68 % of one core,
    // 3 workers 6.9 min at 136 %, the same CPU time.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'apps/**/src/**/*.test.ts',
            'apps/**/test/**/*.test.ts',
            'packages/**/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'apps/web/e2e/**', ...ISOLATED],
          environment: 'node',
          // Test files share the modules they import (each still opens its own app and
          // database): importing the server afresh for every file doubled the tier's CPU time.
          isolate: false,
          // Migrates the template databases once per run (PGlite takes ~2 s to start).
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // ISOLATED: each of these files imports afresh.
          name: 'node-isolated',
          include: ISOLATED,
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The web app's components and routes in a simulated DOM, the API answered in the test.
          name: 'web',
          // Files share Mantine, React and the app's modules instead of importing them afresh:
          // 41 → 23 CPU-s for this project. What they share is emptied after every test
          // (test/setup.ts: the DOM, the app's query cache, toasts and storage).
          isolate: false,
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Each test's fake API (fetch) and spies go with it.
          unstubGlobals: true,
          restoreMocks: true,
        },
      },
    ],
  },
});
