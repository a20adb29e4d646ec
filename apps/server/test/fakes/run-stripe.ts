// Starts the fake Stripe alone: `npx tsx apps/server/test/fakes/run-stripe.ts`.
// Env: STRIPE_FAKE_PORT (default 3196),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; webhooks are delivered to its /api/stripe/webhook).
import { appUrlFromEnv } from './app-url';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from './stripe/fake-stripe';

const port = Number(process.env.STRIPE_FAKE_PORT ?? 3196);
const appUrl = appUrlFromEnv();

const stripe = await startFakeStripe({ port, appUrl });

console.log(`fake Stripe: ${stripe.url} (customers, billing portal sessions, the portal page)`);
console.log(`  STRIPE_SECRET_KEY=${FAKE_SECRET_KEY} STRIPE_WEBHOOK_SECRET=${FAKE_WEBHOOK_SECRET}`);
console.log(`  STRIPE_API_BASE_URL=${stripe.url}; webhooks go to ${appUrl}/api/stripe/webhook`);
console.log(
  `  test controls: ${stripe.url}/__fake/webhooks/send, /__fake/customers, … (see stripe/control-api.ts)`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void stripe.close().then(() => process.exit(0));
  });
}
