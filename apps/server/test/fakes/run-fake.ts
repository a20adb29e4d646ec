// Starts one provider's fake alone, with its demo world:
//   npx tsx apps/server/test/fakes/run-fake.ts <provider id>
// The ids are those of the fakes list (providers.ts); without one the script names them.
// Env: FAKE_PORT (default: the fake's own, in its demo-world.ts),
//      APP_URL (default: the server's PUBLIC_URL, from PUBLIC_URL or PORT as the server reads them,
//      http://localhost:3000 when neither is set; the fake allows its callbacks as redirect URIs),
//      and the settings the provider's demo-world.ts lists (its domain, …).
import { isProviderId, PROVIDER_IDS, PROVIDERS } from '@castellan/contract';
import { appUrlFromEnv } from './app-url';
import { PROVIDER_FAKES } from './providers';

const id = process.argv[2] ?? '';
if (!isProviderId(id)) {
  console.error(`usage: run-fake.ts <${PROVIDER_IDS.join(' | ')}>`);
  process.exit(2);
}
const fake = PROVIDER_FAKES[id];
const port = Number(process.env.FAKE_PORT ?? fake.defaultPort);

const started = await fake.start({ port, appUrl: appUrlFromEnv(), env: process.env });

const settings = Object.entries(fake.serverEnv(started.url)).map(([k, v]) => `${k}=${v}`);
console.log(`fake ${PROVIDERS[id].name}: ${started.url}`);
for (const line of started.about) console.log(`  ${line}`);
console.log(`  point the server at it: ${settings.join(' ')}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void started.close().then(() => process.exit(0));
  });
}
