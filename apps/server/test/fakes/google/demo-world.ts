// Brightwave's Google Workspace, with a few of the cases the product reports on: the fake Google
// of `npm run demo`, of the browser tests and of `run-fake.ts gws`.
// Env (run-fake.ts): GOOGLE_FAKE_DOMAIN, the workspace's domain (default brightwave.example).
import { daysAgo as ago, type DemoFake, personAt } from '../kit/demo-fake';
import { TEST_CLIENT } from '../test-client';
import type { ChromeOsDeviceSeed, MobileDeviceSeed } from './devices';
import { startFakeGoogle } from './fake-google';
import { BUSINESS_STARTER } from './licensing';
import type { TokenSeed } from './tokens';

const G = 'https://www.googleapis.com/auth/';

/** Outside apps Brightwave's people let in: a mail-reading CRM, a scheduler, a backup, a sign-in. */
function demoAppTokens(person: (first: string, last: string) => string): TokenSeed[] {
  const app = (
    clientId: string,
    displayText: string,
    scopes: string[],
    people: [string, string][],
  ) =>
    people.map(([first, last]) => ({ email: person(first, last), clientId, displayText, scopes }));
  return [
    ...app(
      '408151623421-acmecrm7q2k.apps.googleusercontent.com',
      'Acme CRM',
      [`${G}gmail.readonly`, `${G}userinfo.email`, 'openid'],
      [
        ['Chloe', 'Davies'],
        ['Daniel', 'Evans'],
        ['Grace', 'Hughes'],
      ],
    ),
    ...app(
      '913320571188-meetslot4v.apps.googleusercontent.com',
      'MeetSlot Scheduler',
      [`${G}calendar.events`, `${G}userinfo.profile`, 'openid'],
      [
        ['Alice', 'Morgan'],
        ['Ben', 'Carter'],
      ],
    ),
    ...app(
      '270644905312-vaultline9c.apps.googleusercontent.com',
      'Vaultline Backup',
      [`${G}drive.readonly`, `${G}userinfo.email`],
      [['Alice', 'Morgan']],
    ),
    ...app(
      '655102987730-pinboard2x.apps.googleusercontent.com',
      'Pinboard Notes',
      ['openid', `${G}userinfo.email`, `${G}userinfo.profile`],
      [
        ['Ben', 'Carter'],
        ['Isla', 'Jones'],
        ['Chloe', 'Davies'],
      ],
    ),
  ];
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Phones and Chromebooks: one phone months behind on security updates (Chloe), one without a
 * screen lock (Daniel), and a Chromebook past its last update (Grace).
 */
const demoPhones = (person: (first: string, last: string) => string): MobileDeviceSeed[] => [
  {
    email: person('Alice', 'Morgan'),
    model: 'Pixel 8',
    os: 'Android 15',
    lastSync: ago(0.1),
    securityPatchLevel: day(ago(25)),
  },
  { email: person('Ben', 'Carter'), model: 'iPhone 15', os: 'iOS 18.1', lastSync: ago(0.4) },
  {
    email: person('Chloe', 'Davies'),
    model: 'Galaxy S21',
    os: 'Android 13',
    lastSync: ago(1),
    securityPatchLevel: day(ago(260)),
  },
  {
    email: person('Daniel', 'Evans'),
    model: 'Moto G54',
    os: 'Android 14',
    lastSync: ago(2),
    passwordSet: false,
    securityPatchLevel: day(ago(40)),
  },
];

const demoChromebooks = (person: (first: string, last: string) => string): ChromeOsDeviceSeed[] => [
  {
    email: person('Alice', 'Morgan'),
    model: 'Acer Chromebook Spin 714',
    osVersion: '131.0.6778.85',
    lastSync: ago(0.5),
    autoUpdateThrough: '2032-06-01',
  },
  {
    email: person('Grace', 'Hughes'),
    model: 'ASUS Chromebook C202SA',
    osVersion: '103.0.5060.132',
    lastSync: ago(4),
    autoUpdateThrough: '2022-06-01',
  },
];

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
        tokens: demoAppTokens(person),
        mobileDevices: demoPhones(person),
        chromeosDevices: demoChromebooks(person),
        // The smallest edition: the card names it and what it leaves out.
        licenses: [{ skuId: BUSINESS_STARTER }],
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
