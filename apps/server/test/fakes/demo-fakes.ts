// Every offline fake with the demo organisations' worlds in it, in this one process: the two
// sign-in providers, the fake of each provider in the list (providers.ts), Stripe and crt.sh. The browser
// tests start one set per worker, `npm run demo` one beside the app; run-fake.ts starts one
// provider's alone. Test and demo code only.
import { PROVIDER_IDS, type ProviderId } from '@castellan/contract';
import { demoCertificates } from './crtsh/demo-world';
import { startFakeCrtsh } from './crtsh/fake-crtsh';
import type { Listening } from './kit/listen';
import { startOidcProvider } from './oidc-providers';
import { PROVIDER_FAKES } from './providers';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from './stripe/fake-stripe';
import { TEST_CLIENT } from './test-client';

/** Where each fake of a set listens; a port left out is any free one (not for the sign-in ones). */
export type DemoFakePorts = {
  googleSignIn: number;
  microsoftSignIn: number;
  stripe?: number;
  crtsh?: number;
} & Partial<Record<ProviderId, number>>;

export type DemoFakes = {
  /** The sign-in providers' issuers, and the address of every other fake. */
  urls: { googleIssuer: string; microsoftIssuer: string; stripe: string; crtsh: string } & Record<
    ProviderId,
    string
  >;
  /** The settings that point a server at this set of fakes. */
  serverEnv: Record<string, string>;
  /** What each provider's fake says of itself: whom to sign in as, the key to paste, … */
  about: Record<ProviderId, string[]>;
  close(): Promise<void>;
};

/** The ports of a set beside an app on `appPort` (`npm run demo`): in a row from appPort + 91. */
export function demoFakePorts(appPort: number): Required<DemoFakePorts> {
  const names = ['googleSignIn', 'microsoftSignIn', ...PROVIDER_IDS, 'stripe', 'crtsh'];
  return Object.fromEntries(
    names.map((name, i) => [name, appPort + 91 + i]),
  ) as Required<DemoFakePorts>;
}

const signIn = (kind: 'google' | 'microsoft', port: number, appUrl: string) =>
  startOidcProvider({ kind, port, appUrl }).then(({ issuer, close }) => ({ url: issuer, close }));

/** Starts every fake for the app at `appUrl`: each allows exactly that app's callbacks. */
export async function startDemoFakes(appUrl: string, ports: DemoFakePorts): Promise<DemoFakes> {
  const about = {} as Record<ProviderId, string[]>;
  const starting: [keyof DemoFakes['urls'], Promise<Listening>][] = [
    ['googleIssuer', signIn('google', ports.googleSignIn, appUrl)],
    ['microsoftIssuer', signIn('microsoft', ports.microsoftSignIn, appUrl)],
    ...PROVIDER_IDS.map((id): [ProviderId, Promise<Listening>] => [
      id,
      PROVIDER_FAKES[id].start({ port: ports[id], appUrl }).then((started) => {
        about[id] = started.about;
        return started;
      }),
    ]),
    ['stripe', startFakeStripe({ port: ports.stripe, appUrl })],
    [
      'crtsh',
      startFakeCrtsh({ port: ports.crtsh, certificates: demoCertificates() }).then((fake) => ({
        url: fake.url,
        close: fake.close,
      })),
    ],
  ];
  const started = await Promise.allSettled(starting.map(([, fake]) => fake));
  const fakes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const close = async () => {
    await Promise.all(fakes.map((fake) => fake.close()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // One fake could not start (its port taken): the others are closed, not left listening.
    await close();
    throw failed.reason;
  }
  const urls = Object.fromEntries(
    starting.map(([name], i) => [name, fakes[i]?.url]),
  ) as DemoFakes['urls'];
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
      ...Object.fromEntries(
        PROVIDER_IDS.flatMap((id) => Object.entries(PROVIDER_FAKES[id].serverEnv(urls[id]))),
      ),
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: urls.stripe,
      CT_API_BASE_URL: urls.crtsh,
    },
    about,
    close,
  };
}
