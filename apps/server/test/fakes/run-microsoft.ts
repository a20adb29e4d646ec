// Starts the fake Microsoft alone: `npx tsx apps/server/test/fakes/run-microsoft.ts`.
// Env: MICROSOFT_FAKE_PORT (default 3194), MICROSOFT_FAKE_DOMAIN (default tidewater.example),
//      MICROSOFT_FAKE_PREMIUM (default 1; 0: no Entra ID P1),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; its /api/microsoft/integration/callback is the
//      redirect URI allowed for the client castellan-test / castellan-test-secret).
import { appUrlFromEnv } from './app-url';
import { demoMicrosoft } from './demo-fakes';
import { DEFAULT_DOMAIN } from './microsoft/fake-microsoft';
import { TEST_CLIENT } from './test-client';

const port = Number(process.env.MICROSOFT_FAKE_PORT ?? 3194);
const domain = (process.env.MICROSOFT_FAKE_DOMAIN ?? DEFAULT_DOMAIN).toLowerCase();
const premium = (process.env.MICROSOFT_FAKE_PREMIUM ?? '1') !== '0';
const appUrl = appUrlFromEnv();
const redirectUri = `${appUrl}/api/microsoft/integration/callback`;
const person = (given: string, family: string) => `${given}.${family}@${domain}`.toLowerCase();

const microsoft = await demoMicrosoft({ port, appUrl, domain, premium });

console.log(
  `fake Microsoft: ${microsoft.url} (tenant ${domain}, ${microsoft.tenant().id}, P1 ${premium ? 'on' : 'off'}, admin ${person('Olivia', 'Parker')})`,
);
console.log(`  client ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, redirect ${redirectUri}`);
console.log(`  point the server at it: MICROSOFT_API_BASE_URL=${microsoft.url}`);
console.log(
  `  test controls: ${microsoft.url}/__fake/tenant, /__fake/requests, … (see microsoft/control-api.ts)`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void microsoft.close().then(() => process.exit(0));
  });
}
