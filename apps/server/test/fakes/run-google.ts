// Starts the fake Google alone: `npx tsx apps/server/test/fakes/run-google.ts`.
// Env: GOOGLE_FAKE_PORT (default 3193), GOOGLE_FAKE_DOMAIN (default acme-tools.test),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; its /api/google/integrate/callback is the
//      redirect URI allowed for the client castellan-test / castellan-test-secret).
import { appUrlFromEnv } from './app-url';
import { DEFAULT_DOMAIN, startFakeGoogle } from './google/fake-google';
import { TEST_CLIENT } from './test-client';

const port = Number(process.env.GOOGLE_FAKE_PORT ?? 3193);
const domain = (process.env.GOOGLE_FAKE_DOMAIN ?? DEFAULT_DOMAIN).toLowerCase();
const appUrl = appUrlFromEnv();
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

const person = (given: string, family: string) => `${given}.${family}@${domain}`.toLowerCase();

const google = await startFakeGoogle({
  port,
  redirectUris: [`${appUrl}/api/google/integrate/callback`],
  workspace: {
    domain,
    seed: 7,
    userCount: 40,
    // The demo data's people, with a few of the cases the product reports on.
    users: [
      { email: person('Alice', 'Morgan'), isAdmin: true, enrolledIn2Sv: true, enforcedIn2Sv: true },
      { email: person('Ben', 'Carter'), isAdmin: true, enrolledIn2Sv: true },
      { email: person('Chloe', 'Davies'), enrolledIn2Sv: true },
      { email: person('Daniel', 'Evans'), enrolledIn2Sv: false },
      { email: person('Emma', 'Fischer'), lastLogin: ago(120) },
      { email: person('Farid', 'Ghani'), lastLogin: null, created: ago(45) },
      { email: person('Grace', 'Hughes'), enrolledIn2Sv: true, orgUnitPath: '/Sales' },
      { email: person('Hiro', 'Ito'), suspended: true, lastLogin: ago(200) },
      { email: person('Isla', 'Jones'), enrolledIn2Sv: true },
      { email: person('Jonas', 'Keller'), lastLogin: null, created: ago(5) },
    ],
    loginFailures: [1, 2, 3, 8, 13].map((d) => ({
      email: person('Daniel', 'Evans'),
      time: ago(d),
    })),
    driveEvents: [
      {
        kind: 'link',
        time: ago(20),
        docId: '1AcmePriceList0000000000000000000',
        title: 'Price list',
        owner: person('Chloe', 'Davies'),
        linkSharing: 'people_with_link',
      },
      {
        kind: 'user',
        time: ago(10),
        docId: '1AcmeContractDraft00000000000000000',
        title: 'Contract draft',
        owner: person('Alice', 'Morgan'),
        targetUser: 'lawyer@partner.example',
        access: 'can_edit',
      },
    ],
  },
});

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
