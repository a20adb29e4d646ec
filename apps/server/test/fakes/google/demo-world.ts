// Brightwave's Google Workspace, with a few of the cases the product reports on: the fake Google
// of `npm run demo`, of the browser tests and of `run-fake.ts gws`.
// Env (run-fake.ts): GOOGLE_FAKE_DOMAIN, the workspace's domain (default brightwave.example).
import { daysAgo as ago, type DemoFake, personAt } from '../kit/demo-fake';
import { TEST_CLIENT } from '../test-client';
import { startFakeGoogle } from './fake-google';

export const googleDemo: DemoFake = {
  defaultPort: 3193,
  async start({ port, appUrl, env = {} }) {
    const domain = (env.GOOGLE_FAKE_DOMAIN ?? 'brightwave.example').toLowerCase();
    const person = personAt(domain);
    const redirectUri = `${appUrl}/api/google/integrate/callback`;
    const google = await startFakeGoogle({
      port,
      redirectUris: [redirectUri],
      workspace: {
        domain,
        seed: 7,
        userCount: 40,
        users: [
          {
            email: person('Alice', 'Morgan'),
            isAdmin: true,
            enrolledIn2Sv: true,
            enforcedIn2Sv: true,
          },
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
    return {
      url: google.url,
      close: google.close,
      about: [
        `workspace ${domain}, admin ${person('Alice', 'Morgan')}`,
        `client ${TEST_CLIENT.id} / ${TEST_CLIENT.secret}, redirect ${redirectUri}`,
        `test controls: ${google.url}/__fake/world, /__fake/requests, … (see google/control-api.ts)`,
      ],
    };
  },
  serverEnv: (url) => ({ GOOGLE_API_BASE_URL: url }),
};
