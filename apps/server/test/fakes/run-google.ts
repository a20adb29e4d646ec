// Starts the fake Google alone: `npx tsx apps/server/test/fakes/run-google.ts`.
// Env: GOOGLE_FAKE_PORT (default 3193), GOOGLE_FAKE_DOMAIN (default acme-tools.test),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; its /api/google/integrate/callback is the
//      redirect URI allowed for the client castellan-test / castellan-test-secret).
import { appUrlFromEnv } from './app-url';
import { demoGoogle } from './demo-fakes';
import { DEFAULT_DOMAIN } from './google/fake-google';
import { TEST_CLIENT } from './test-client';

const port = Number(process.env.GOOGLE_FAKE_PORT ?? 3193);
const domain = (process.env.GOOGLE_FAKE_DOMAIN ?? DEFAULT_DOMAIN).toLowerCase();
const appUrl = appUrlFromEnv();
const person = (given: string, family: string) => `${given}.${family}@${domain}`.toLowerCase();

const google = await demoGoogle({ port, appUrl, domain });

console.log(`fake Google: ${google.url} (workspace ${domain}, admin ${person('Alice', 'Morgan')})`);
console.log(
  `  client ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, redirect ${appUrl}/api/google/integrate/callback`,
);
console.log(`  point the server at it: GOOGLE_API_BASE_URL=${google.url}`);
console.log(
  `  test controls: ${google.url}/__fake/world, /__fake/requests, … (see google/control-api.ts)`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void google.close().then(() => process.exit(0));
  });
}
