// Starts the whole fixture internet (see world.ts) on ephemeral local ports, for the scanner's
// tests, `npm run scan` demos and the benchmark. `delayMs` delays every DNS answer, HTTP
// response and SMTP reply, to measure that probes run concurrently.
import type { ScannerOverrides } from '../../../src/modules/risk-analysis/scanner/options';
import { createTestCa, type TestCa } from './certificates';
import { type DnsFixture, startDnsFixture } from './dns-server';
import { type SmtpFixture, startSmtpFixture } from './smtp-server';
import { startWebFixture, type WebFixture } from './web-server';
import { buildWorld } from './world';

export { createTestCa, type Pem, type TestCa } from './certificates';
export { type DnsFixture, type FixtureRecords, startDnsFixture } from './dns-server';
export { type SmtpFixture, type SmtpMode, startSmtpFixture } from './smtp-server';
export { closedPort, type FixtureSite, startWebFixture, type WebFixture } from './web-server';
export { buildWorld, dkimPublicKey } from './world';

export type ScanFixtures = {
  ca: TestCa;
  dns: DnsFixture;
  web: WebFixture;
  legacyWeb: WebFixture;
  smtp: SmtpFixture;
  plainSmtp: SmtpFixture;
  /** The scanner pointed at the fixtures: modern web server, SMTP with STARTTLS. */
  options: ScannerOverrides;
  /** The same with the legacy-TLS web server and SMTP without STARTTLS (for bad.test). */
  badOptions: ScannerOverrides;
  close(): Promise<void>;
};

export async function startScanFixtures(
  settings: { delayMs?: number } = {},
): Promise<ScanFixtures> {
  const ca = createTestCa();
  const world = buildWorld(ca);
  const defaultCertificate = ca.issue(world.defaultNames);
  const delayMs = settings.delayMs ?? 0;
  const [dns, web, legacyWeb, smtp, plainSmtp] = await Promise.all([
    startDnsFixture({ ...world.dns, delayMs }),
    startWebFixture({ sites: world.sites, defaultCertificate, delayMs }),
    startWebFixture({ sites: world.legacySites, defaultCertificate, legacyTls: true, delayMs }),
    startSmtpFixture({ mode: 'starttls', certificate: defaultCertificate, delayMs }),
    startSmtpFixture({ mode: 'plain', certificate: defaultCertificate, delayMs }),
  ]);
  const base = {
    dnsServers: [dns.server],
    allowPrivate: true,
    ca: ca.cert,
    // Fixture answers come at once (or after delayMs): short limits keep failing tests quick.
    timeouts: {
      dnsMs: 1_000 + delayMs * 2,
      dnsTries: 1,
      probeMs: 3_000 + delayMs * 4,
      smtpMs: 3_000 + delayMs * 6,
      scanMs: 20_000 + delayMs * 20,
    },
  } satisfies ScannerOverrides;
  return {
    ca,
    dns,
    web,
    legacyWeb,
    smtp,
    plainSmtp,
    options: { ...base, ports: { http: web.httpPort, https: web.httpsPort, smtp: smtp.port } },
    badOptions: {
      ...base,
      ports: { http: legacyWeb.httpPort, https: legacyWeb.httpsPort, smtp: plainSmtp.port },
    },
    close: async () => {
      await Promise.all([
        dns.close(),
        web.close(),
        legacyWeb.close(),
        smtp.close(),
        plainSmtp.close(),
      ]);
      ca.dispose();
    },
  };
}
