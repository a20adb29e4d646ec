// Starts the fake Meta alone: `npx tsx apps/server/test/fakes/run-meta.ts`.
// Env: META_FAKE_PORT (default 3195),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; its /api/facebook/callback is the redirect URI
//      allowed for the app castellan-test / castellan-test-secret).
import { appUrlFromEnv } from './app-url';
import { demoMeta } from './demo-fakes';
import { TEST_CLIENT } from './test-client';

const port = Number(process.env.META_FAKE_PORT ?? 3195);
const appUrl = appUrlFromEnv();
const redirectUri = `${appUrl}/api/facebook/callback`;

const meta = await demoMeta({ port, appUrl });

console.log(`fake Meta: ${meta.url} (signed in as Alice Morgan, 2 businesses)`);
console.log(`  app ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, redirect ${redirectUri}`);
console.log(`  the Meta client's baseUrl: ${meta.url}`);
console.log(
  `  test controls: ${meta.url}/__fake/businesses, /__fake/requests, … (see meta/control-api.ts)`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void meta.close().then(() => process.exit(0));
  });
}
