// Starts the fake Microsoft alone: `npx tsx apps/server/test/fakes/run-microsoft.ts`.
// Env: MICROSOFT_FAKE_PORT (default 3194), MICROSOFT_FAKE_DOMAIN (default tidewater.example),
//      MICROSOFT_FAKE_PREMIUM (default 1; 0: no Entra ID P1),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; its /api/microsoft/integration/callback is the
//      redirect URI allowed for the client castellan-test / castellan-test-secret).
import { appUrlFromEnv } from './app-url';
import { DEFAULT_DOMAIN, startFakeMicrosoft } from './microsoft/fake-microsoft';
import { TEST_CLIENT } from './test-client';

const port = Number(process.env.MICROSOFT_FAKE_PORT ?? 3194);
const domain = (process.env.MICROSOFT_FAKE_DOMAIN ?? DEFAULT_DOMAIN).toLowerCase();
const premium = (process.env.MICROSOFT_FAKE_PREMIUM ?? '1') !== '0';
const appUrl = appUrlFromEnv();
const redirectUri = `${appUrl}/api/microsoft/integration/callback`;
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

const person = (given: string, family: string) => `${given}.${family}@${domain}`.toLowerCase();

const microsoft = await startFakeMicrosoft({
  port,
  redirectUris: [redirectUri],
  tenant: {
    domain,
    premium,
    seed: 14,
    securityDefaults: false,
    conditionalAccessMfa: false,
    userCount: 20,
    // The demo organisation's people, with the cases the product reports on.
    users: [
      { email: person('Olivia', 'Parker'), isAdmin: true, mfaRegistered: true },
      { email: person('Liam', 'Brooks'), mfaRegistered: true },
      { email: person('Maya', 'Chen'), mfaRegistered: false },
      { email: person('Omar', 'Haddad'), mfaRegistered: true, lastSignIn: ago(150) },
      { email: `it-admin@${domain}`, displayName: 'IT Admin', isAdmin: true, mfaRegistered: true },
    ],
    signInFailures: [1, 2, 4, 9, 16, 25].map((d, i) => ({
      email: i % 2 === 0 ? person('Maya', 'Chen') : person('Omar', 'Haddad'),
      time: ago(d),
    })),
  },
});

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
