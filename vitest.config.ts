import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/**/src/**/*.test.ts',
      'apps/**/test/**/*.test.ts',
      'packages/**/src/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'apps/web/e2e/**'],
    environment: 'node',
    // Migrates the template databases once per run (PGlite takes ~2 s to start).
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 15_000,
    hookTimeout: 60_000,
  },
});
