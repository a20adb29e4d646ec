// Starts the scanner's fixture internet (fixtures/world.ts) and prints the environment that
// points `npm run scan` at it. Env: SCAN_FIXTURE_DELAY_MS delays every answer.
//   npx tsx packages/scanner/test/run-fixtures.ts
//   env <printed variables> npm run scan -- good.test
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startScanFixtures } from './fixtures';

const fixtures = await startScanFixtures({
  delayMs: Number(process.env.SCAN_FIXTURE_DELAY_MS ?? 0),
});
const caFile = path.join(tmpdir(), `castellan-scan-ca-${process.pid}.pem`);
writeFileSync(caFile, fixtures.ca.cert);
const env = (ports: { http?: number; https?: number; smtp?: number } | undefined) =>
  [
    `SCAN_DNS_SERVERS=${fixtures.dns.server}`,
    `SCAN_HTTP_PORT=${ports?.http}`,
    `SCAN_HTTPS_PORT=${ports?.https}`,
    `SCAN_SMTP_PORT=${ports?.smtp}`,
    'SCAN_ALLOW_PRIVATE=1',
    `NODE_EXTRA_CA_CERTS=${caFile}`,
  ].join(' ');
console.log(`good.test and the other fixture domains:\n  ${env(fixtures.options.ports)}`);
console.log(`bad.test (legacy TLS, no STARTTLS):\n  ${env(fixtures.badOptions.ports)}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void fixtures.close().then(() => process.exit(0));
  });
}
