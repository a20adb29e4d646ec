// A small internet for the watch's tests: `watched.test` set up as good.test is (its certificate
// valid for 30 days from yesterday), with a DMARC policy the test can change between scans, and
// `app.watched.test`, a website that presents another name's certificate.
import { X509Certificate } from 'node:crypto';
import {
  buildWorld,
  createTestCa,
  type FixtureRecords,
  type ScanFixtures,
  startDnsFixture,
  startSmtpFixture,
  startWebFixture,
} from '@castellan/scanner/fixtures';

export const WATCHED = 'watched.test';
export const MISMATCHED = `app.${WATCHED}`;

export type WatchWorld = {
  options: ScanFixtures['options'];
  /** The policy `_dmarc.watched.test` publishes now. */
  dmarc: { policy: 'reject' | 'quarantine' | 'none' };
  /** When the certificate of watched.test expires. */
  notAfter: Date;
  close(): Promise<void>;
};

/** good.test's records and site under another name. */
function renamed<T>(entries: Record<string, T>, to: string): Record<string, T> {
  const from = 'good.test';
  return Object.fromEntries(
    Object.entries(entries)
      .filter(([name]) => name === from || name.endsWith(`.${from}`))
      .map(([name, value]) => [
        name.replace(from, to),
        JSON.parse(JSON.stringify(value).replaceAll(from, to)) as T,
      ]),
  );
}

export async function startWatchWorld(): Promise<WatchWorld> {
  const ca = createTestCa();
  const world = buildWorld(ca);
  const dmarc: WatchWorld['dmarc'] = { policy: 'reject' };
  const records: Record<string, FixtureRecords> = {
    ...world.dns.records,
    ...renamed(world.dns.records, WATCHED),
    [`_dmarc.${WATCHED}`]: {
      TXT: () => [`v=DMARC1; p=${dmarc.policy}; rua=mailto:dmarc@${WATCHED}`],
    },
    [MISMATCHED]: { A: ['127.0.0.1'] },
  };
  const names = [WATCHED, `www.${WATCHED}`, `mx.${WATCHED}`, `mta-sts.${WATCHED}`];
  const certificate = ca.issue(names, { days: 30 });
  const site = world.sites['good.test'];
  const defaultCertificate = ca.issue([...world.defaultNames, `mx.${WATCHED}`]);
  const [dns, web, smtp] = await Promise.all([
    startDnsFixture({ ...world.dns, records }),
    startWebFixture({
      sites: {
        ...world.sites,
        ...renamed(world.sites, WATCHED),
        [WATCHED]: { ...site, certificate },
        [MISMATCHED]: { ...site, certificate: ca.issue(['elsewhere.test']) },
      },
      defaultCertificate,
    }),
    startSmtpFixture({ mode: 'starttls', certificate: defaultCertificate }),
  ]);
  const notAfter = new Date(new X509Certificate(certificate.cert).validTo);
  return {
    options: {
      dnsServers: [dns.server],
      allowPrivate: true,
      ca: ca.cert,
      timeouts: { dnsMs: 5_000, dnsTries: 3, probeMs: 3_000, smtpMs: 3_000, scanMs: 20_000 },
      ports: { http: web.httpPort, https: web.httpsPort, smtp: smtp.port },
    },
    dmarc,
    notAfter,
    close: async () => {
      await Promise.all([dns.close(), web.close(), smtp.close()]);
      ca.dispose();
    },
  };
}
