// Starts the Google-like and Microsoft-like test providers for the browser tests.
// Env: APP_URL (the app's address; default: the server's PUBLIC_URL, as in run-fake.ts),
//      GOOGLE_PORT, MICROSOFT_PORT.
import { appUrlFromEnv } from './app-url';
import { startOidcProvider } from './oidc-providers';

const appUrl = appUrlFromEnv();
const google = await startOidcProvider({
  kind: 'google',
  port: Number(process.env.GOOGLE_PORT ?? 3191),
  appUrl,
});
const microsoft = await startOidcProvider({
  kind: 'microsoft',
  port: Number(process.env.MICROSOFT_PORT ?? 3192),
  appUrl,
});
console.log(`test identity providers: ${google.issuer} (google), ${microsoft.issuer} (microsoft)`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void Promise.all([google.close(), microsoft.close()]).then(() => process.exit(0));
  });
}
