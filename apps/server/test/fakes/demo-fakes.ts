// Every offline fake with the demo organisations' worlds in it, in this one process: the two
// sign-in providers, Google (Brightwave's workspace), Microsoft (Tidewater's tenant), Meta
// (Brightwave's businesses) and Stripe. The browser tests start one set per worker, `npm run demo`
// one beside the app, and each run-*.ts script one of them alone. Test and demo code only.
import { startFakeGoogle } from './google/fake-google';
import { startFakeMeta } from './meta/fake-meta';
import { startFakeMicrosoft } from './microsoft/fake-microsoft';
import { startOidcProvider } from './oidc-providers';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from './stripe/fake-stripe';
import { TEST_CLIENT } from './test-client';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const personOf = (domain: string) => (given: string, family: string) =>
  `${given}.${family}@${domain}`.toLowerCase();

/** Brightwave's Google Workspace, with a few of the cases the product reports on. */
export function demoGoogle(options: { port?: number; appUrl: string; domain?: string }) {
  const domain = (options.domain ?? 'brightwave.example').toLowerCase();
  const person = personOf(domain);
  return startFakeGoogle({
    port: options.port,
    redirectUris: [`${options.appUrl}/api/google/integrate/callback`],
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
}

/** Tidewater's Microsoft 365 tenant (Entra ID P1 unless `premium` is false). */
export function demoMicrosoft(options: {
  port?: number;
  appUrl: string;
  domain?: string;
  premium?: boolean;
}) {
  const domain = (options.domain ?? 'tidewater.example').toLowerCase();
  const person = personOf(domain);
  return startFakeMicrosoft({
    port: options.port,
    redirectUris: [`${options.appUrl}/api/microsoft/integration/callback`],
    tenant: {
      domain,
      premium: options.premium ?? true,
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
}

/**
 * Brightwave's two Meta businesses: one without the two-factor requirement and one person
 * without it; enough for paging at limit=1 too.
 */
export function demoMeta(options: { port?: number; appUrl: string }) {
  return startFakeMeta({
    port: options.port,
    person: { id: '10215241773831025', name: 'Alice Morgan' },
    redirectUris: [`${options.appUrl}/api/facebook/callback`],
    businesses: [
      {
        name: 'Brightwave Studio',
        twoFactorType: 'none',
        users: [
          { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
          { name: 'Ben Carter', role: 'EMPLOYEE', twoFacStatus: 'enabled' },
          { name: 'Chloe Davies', role: 'EMPLOYEE', twoFacStatus: 'disabled' },
          {
            name: 'Priya Shah',
            email: 'priya@northlight-agency.example',
            role: 'EMPLOYEE',
            twoFacStatus: 'enabled',
          },
        ],
      },
      {
        name: 'Brightwave Shop',
        twoFactorType: 'all_required',
        users: [
          { name: 'Alice Morgan', role: 'ADMIN', twoFacStatus: 'enabled' },
          { name: 'Ben Carter', role: 'EMPLOYEE', twoFacStatus: 'enabled' },
        ],
      },
    ],
  });
}

/** Where each fake of a set listens; a port left out is any free one (not for the sign-in ones). */
export type DemoFakePorts = {
  googleSignIn: number;
  microsoftSignIn: number;
  google?: number;
  microsoft?: number;
  meta?: number;
  stripe?: number;
};

export type DemoFakes = {
  urls: {
    googleIssuer: string;
    microsoftIssuer: string;
    google: string;
    microsoft: string;
    meta: string;
    stripe: string;
  };
  /** The settings that point a server at this set of fakes. */
  serverEnv: Record<string, string>;
  close(): Promise<void>;
};

/** Starts every fake for the app at `appUrl`: each allows exactly that app's callbacks. */
export async function startDemoFakes(appUrl: string, ports: DemoFakePorts): Promise<DemoFakes> {
  const started = await Promise.allSettled([
    startOidcProvider({ kind: 'google', port: ports.googleSignIn, appUrl }),
    startOidcProvider({ kind: 'microsoft', port: ports.microsoftSignIn, appUrl }),
    demoGoogle({ port: ports.google, appUrl }),
    demoMicrosoft({ port: ports.microsoft, appUrl }),
    demoMeta({ port: ports.meta, appUrl }),
    startFakeStripe({ port: ports.stripe, appUrl }),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // One fake could not start (its port taken): the others are closed, not left listening.
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : null)));
    throw failed.reason;
  }
  const value = <T>(s: PromiseSettledResult<T>) => (s as PromiseFulfilledResult<T>).value;
  const [googleSignIn, microsoftSignIn] = [value(started[0]), value(started[1])];
  const [google, microsoft] = [value(started[2]), value(started[3])];
  const [meta, stripe] = [value(started[4]), value(started[5])];
  const urls = {
    googleIssuer: googleSignIn.issuer,
    microsoftIssuer: microsoftSignIn.issuer,
    google: google.url,
    microsoft: microsoft.url,
    meta: meta.url,
    stripe: stripe.url,
  };
  return {
    urls,
    serverEnv: {
      OIDC_ALLOW_HTTP: '1',
      GOOGLE_ISSUER: urls.googleIssuer,
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      MICROSOFT_ISSUER: urls.microsoftIssuer,
      MICROSOFT_CLIENT_ID: TEST_CLIENT.id,
      MICROSOFT_CLIENT_SECRET: TEST_CLIENT.secret,
      GOOGLE_API_BASE_URL: urls.google,
      MICROSOFT_API_BASE_URL: urls.microsoft,
      META_APP_ID: TEST_CLIENT.id,
      META_APP_SECRET: TEST_CLIENT.secret,
      META_API_BASE_URL: urls.meta,
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: urls.stripe,
    },
    close: async () => {
      await Promise.all(
        [googleSignIn, microsoftSignIn, google, microsoft, meta, stripe].map((fake) =>
          fake.close(),
        ),
      );
    },
  };
}
