// Tidewater's Microsoft 365 tenant: the fake Microsoft of `npm run demo`, of the browser tests and
// of `run-fake.ts m365`.
// Env (run-fake.ts): MICROSOFT_FAKE_DOMAIN, the tenant's domain (default tidewater.example);
//      MICROSOFT_FAKE_PREMIUM, 0 for a tenant without Entra ID P1 (default 1).
import { hostname } from 'node:os';
import { daysAgo as ago, type DemoFake, personAt } from '../kit/demo-fake';
import { TEST_CLIENT } from '../test-client';
import type { AppConsentSeed } from './app-consents';
import { DEFAULT_DOMAIN, startFakeMicrosoft } from './fake-microsoft';
import type { ManagedDeviceSeed } from './managed-devices';

/** Outside apps Tidewater let in: a mail-reading CRM, a scheduler, a backup, a sign-in. */
const demoApps = (person: (first: string, last: string) => string): AppConsentSeed[] => [
  {
    displayName: 'Acme CRM',
    publisherName: 'Acme Software',
    scope: 'openid profile offline_access User.Read Mail.Read',
    consent: { emails: [person('Liam', 'Brooks'), person('Maya', 'Chen')] },
  },
  {
    displayName: 'MeetSlot Scheduler',
    verifiedPublisher: 'MeetSlot Inc.',
    scope: 'User.Read Calendars.ReadWrite',
    consent: 'everyone',
  },
  {
    displayName: 'Vaultline Backup',
    verifiedPublisher: 'Vaultline Ltd',
    scope: 'offline_access User.Read Files.Read.All Sites.Read.All',
    consent: 'everyone',
  },
  {
    displayName: 'Pinboard Notes',
    publisherName: 'Pinboard Labs',
    scope: 'openid profile email User.Read',
    consent: {
      emails: [person('Olivia', 'Parker'), person('Liam', 'Brooks'), person('Maya', 'Chen')],
    },
  },
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Intune's devices: an unencrypted laptop (Maya), an Android phone months behind on security
 * updates (Liam), and Olivia's laptop named after this machine, so that the agent run here shows
 * on the same device as Intune's report.
 */
const demoDevices = (person: (first: string, last: string) => string): ManagedDeviceSeed[] => [
  {
    email: person('Olivia', 'Parker'),
    deviceName: hostname(),
    operatingSystem: 'Windows',
    osVersion: '10.0.26100.2314',
    lastSync: ago(0.2),
    model: 'Latitude 7440',
    manufacturer: 'Dell Inc.',
  },
  {
    email: person('Olivia', 'Parker'),
    deviceName: 'Olivia’s iPhone',
    operatingSystem: 'iOS',
    osVersion: '18.1',
    lastSync: ago(0.5),
    model: 'iPhone 15',
    manufacturer: 'Apple',
  },
  {
    email: person('Liam', 'Brooks'),
    deviceName: 'LIAM-LAPTOP',
    operatingSystem: 'Windows',
    osVersion: '10.0.22631.4460',
    lastSync: ago(1),
    model: 'ThinkPad T14',
    manufacturer: 'Lenovo',
  },
  {
    email: person('Liam', 'Brooks'),
    deviceName: 'Galaxy A52',
    operatingSystem: 'Android',
    osVersion: '13',
    lastSync: ago(2),
    androidSecurityPatchLevel: day(ago(240)),
    complianceState: 'noncompliant',
    model: 'SM-A525F',
    manufacturer: 'samsung',
  },
  {
    email: person('Maya', 'Chen'),
    deviceName: 'MAYA-PC',
    operatingSystem: 'Windows',
    osVersion: '10.0.19045.5131',
    isEncrypted: false,
    complianceState: 'noncompliant',
    lastSync: ago(0.3),
    model: 'HP EliteBook 840',
    manufacturer: 'HP',
  },
  {
    email: person('Omar', 'Haddad'),
    deviceName: 'Omar’s MacBook Pro',
    operatingSystem: 'macOS',
    osVersion: '15.1',
    lastSync: ago(3),
    model: 'MacBook Pro',
    manufacturer: 'Apple',
  },
];

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
        apps: demoApps(person),
        devices: demoDevices(person),
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
