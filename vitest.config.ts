import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    testTimeout: 15_000,
    hookTimeout: 60_000,
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
          environment: 'node',
          // Migrates the template databases once per run (PGlite takes ~2 s to start).
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The web app's components and routes in a simulated DOM, the API answered in the test.
          name: 'web',
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
