// Starts the fake crt.sh alone, with Brightwave's certificates (demo-world.ts):
//   npx tsx apps/server/test/fakes/crtsh/run-crtsh.ts
// Env: CRTSH_FAKE_PORT (default 3198), CRTSH_FAKE_DOMAIN (default brightwave.example).
import { demoCertificates } from './demo-world';
import { startFakeCrtsh } from './fake-crtsh';

const port = Number(process.env.CRTSH_FAKE_PORT ?? 3198);
const domain = (process.env.CRTSH_FAKE_DOMAIN ?? 'brightwave.example').toLowerCase();

const crtsh = await startFakeCrtsh({ port, certificates: demoCertificates(domain) });
const settings = Object.entries(crtsh.serverEnv()).map(([k, v]) => `${k}=${v}`);
console.log(`fake crt.sh: ${crtsh.url} (certificates of ${domain})`);
console.log(`  try: ${crtsh.url}/?q=%25.${domain}&output=json&exclude=expired&deduplicate=Y`);
console.log(
  `  test controls: ${crtsh.url}/__fake/certificates, /__fake/fail-next, … (see crtsh/control-api.ts)`,
);
console.log(`  point the server at it: ${settings.join(' ')}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void crtsh.close().then(() => process.exit(0));
  });
}
