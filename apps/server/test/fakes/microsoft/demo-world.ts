// Tidewater's Microsoft 365 tenant: the fake Microsoft of `npm run demo`, of the browser tests and
// of `run-fake.ts m365`.
// Env (run-fake.ts): MICROSOFT_FAKE_DOMAIN, the tenant's domain (default tidewater.example);
//      MICROSOFT_FAKE_PREMIUM, 0 for a tenant without Entra ID P1 (default 1).
import { daysAgo as ago, type DemoFake, personAt } from '../kit/demo-fake';
import { TEST_CLIENT } from '../test-client';
import { DEFAULT_DOMAIN, startFakeMicrosoft } from './fake-microsoft';

export const microsoftDemo: DemoFake = {
  defaultPort: 3194,
  async start({ port, appUrl, env = {} }) {
    const domain = (env.MICROSOFT_FAKE_DOMAIN ?? DEFAULT_DOMAIN).toLowerCase();
    const premium = (env.MICROSOFT_FAKE_PREMIUM ?? '1') !== '0';
    const person = personAt(domain);
    const redirectUri = `${appUrl}/api/microsoft/integration/callback`;
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
        users: [
          { email: person('Olivia', 'Parker'), isAdmin: true, mfaRegistered: true },
          { email: person('Liam', 'Brooks'), mfaRegistered: true },
          { email: person('Maya', 'Chen'), mfaRegistered: false },
          { email: person('Omar', 'Haddad'), mfaRegistered: true, lastSignIn: ago(150) },
          {
            email: `it-admin@${domain}`,
            displayName: 'IT Admin',
            isAdmin: true,
            mfaRegistered: true,
          },
        ],
        signInFailures: [1, 2, 4, 9, 16, 25].map((d, i) => ({
          email: i % 2 === 0 ? person('Maya', 'Chen') : person('Omar', 'Haddad'),
          time: ago(d),
        })),
      },
    });
    return {
      url: microsoft.url,
      close: microsoft.close,
      about: [
        `tenant ${domain}, ${microsoft.tenant().id}, P1 ${premium ? 'on' : 'off'}, admin ${person('Olivia', 'Parker')}`,
        `client ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, redirect ${redirectUri}`,
        `test controls: ${microsoft.url}/__fake/tenant, /__fake/requests, … (see microsoft/control-api.ts)`,
      ],
    };
  },
  serverEnv: (url) => ({ MICROSOFT_API_BASE_URL: url }),
};
