// End-to-end scans against the fixture internet (test/fixtures): a local DNS server,
// HTTP/HTTPS servers and SMTP servers. Every check has a passing case (good.test) and a failing
// one (bad.test, nohttps.test and the variants).
import net from 'node:net';
import type { ScanFinding, ScanReport } from '@castellan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildWorld,
  closedPort,
  type ScanFixtures,
  startDnsFixture,
  startScanFixtures,
  startSmtpFixture,
  startWebFixture,
  type World,
} from '../test/fixtures';
import { CHECK_IDS, type CheckId } from './checks';
import { ScanError } from './domain';
import { type ScanProgress, scanDomain } from './scan';

let fx: ScanFixtures;
beforeAll(async () => {
  fx = await startScanFixtures();
});
afterAll(async () => {
  await fx?.close();
});

const of = (report: ScanReport, check: CheckId) => report.findings.filter((f) => f.check === check);
const find = (report: ScanReport, id: string): ScanFinding => {
  const found = report.findings.find((f) => f.id === id);
  if (!found) {
    throw new Error(`no ${id} in ${report.findings.map((f) => `${f.id}:${f.status}`).join(', ')}`);
  }
  return found;
};

describe('a domain with everything right (good.test)', () => {
  let report: ScanReport;
  beforeAll(async () => {
    report = await scanDomain('good.test', fx.options);
  });

  it.each(CHECK_IDS)('passes the %s check', (check) => {
    const findings = of(report, check);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.status !== 'pass')).toEqual([]);
  });

  it('gets an A with full marks in every area', () => {
    expect(report).toMatchObject({
      domain: 'good.test',
      webHost: 'good.test',
      score: 100,
      grade: 'A',
      caps: [],
    });
    expect(report.areas.map((a) => a.score)).toEqual([100, 100, 100, 100, 100]);
  });
});

describe('a domain with everything wrong (bad.test)', () => {
  let report: ScanReport;
  beforeAll(async () => {
    report = await scanDomain('bad.test', fx.badOptions);
  });

  it.each([
    ['mx', 'mx.host-without-address', 'High'],
    ['spf', 'spf.pass-all', 'Critical'],
    ['dmarc', 'dmarc.policy-none', 'High'],
    ['dmarc', 'dmarc.no-reports', 'Low'],
    ['dkim', 'dkim.missing', 'Medium'],
    ['starttls', 'starttls.missing', 'High'],
    ['mta-sts', 'mta-sts.missing', 'Medium'],
    ['tls-rpt', 'tls-rpt.missing', 'Low'],
    ['dnssec', 'dnssec.unsigned', 'Medium'],
    ['caa', 'caa.missing', 'Low'],
    ['http-redirect', 'http-redirect.missing', 'High'],
    ['tls-versions', 'tls-versions.legacy', 'High'],
    ['certificate', 'certificate.expired', 'Critical'],
    ['hsts', 'hsts.missing', 'High'],
    ['csp', 'csp.missing', 'Medium'],
    ['content-type-options', 'content-type-options.missing', 'Low'],
    ['framing', 'framing.invalid', 'Medium'],
    ['referrer-policy', 'referrer-policy.leaky', 'Low'],
    ['cookies', 'cookies.session-unprotected', 'High'],
    ['cors', 'cors.reflects-origin-with-credentials', 'High'],
    ['security-txt', 'security-txt.missing', 'Low'],
  ])('fails the %s check with %s', (check, id, severity) => {
    const finding = find(report, id);
    expect(finding).toMatchObject({ check, status: 'fail', severity });
    expect(finding.evidence).not.toBe('');
    expect(finding.recommendation).toBeTruthy();
  });

  it('links failures to the catalogue task that fixes them', () => {
    expect(find(report, 'spf.pass-all').taskId).toBe('email-spf');
    expect(find(report, 'hsts.missing').taskId).toBe('web-hsts');
    expect(find(report, 'certificate.expired').taskId).toBe('web-tls-certificate');
    expect(find(report, 'tls-versions.legacy').taskId).toBe('web-tls-certificate');
    expect(find(report, 'starttls.missing').taskId).toBe('email-starttls');
  });

  it('gets an F, problems listed worst first', () => {
    expect(report.grade).toBe('F');
    expect(report.score).toBeLessThan(50);
    expect(report.findings[0]?.severity).toBe('Critical');
  });
});

describe('other failing cases', () => {
  it('finds a website without HTTPS (nohttps.test), capped at D at best', async () => {
    const report = await scanDomain('nohttps.test', fx.options);
    expect(find(report, 'https.unavailable')).toMatchObject({
      status: 'fail',
      severity: 'Critical',
    });
    expect(find(report, 'http-redirect.missing').status).toBe('fail');
    for (const check of ['certificate', 'tls-versions', 'hsts', 'csp'] as const) {
      expect(of(report, check).map((f) => f.status)).toEqual(['not-tested']);
    }
    expect(['D', 'E', 'F']).toContain(report.grade);
    expect(report.observed).toMatchObject({ certificate: null, headers: null });
  });

  it('counts SPF look-ups through nested includes (lookups.test)', async () => {
    const report = await scanDomain('lookups.test', fx.options);
    expect(find(report, 'spf.too-many-lookups').evidence).toMatch(/11 DNS look-ups/);
  });

  it('checks that external DMARC report addresses are authorised (extrua.test)', async () => {
    const report = await scanDomain('extrua.test', fx.options);
    const finding = find(report, 'dmarc.external-reports-unauthorised');
    expect(finding.evidence).toMatch(/reports\.elsewhere\.test/);
    expect(finding.evidence).not.toMatch(/partner/);
  });

  it('reports broken DNSSEC as critical (bogus.test)', async () => {
    const report = await scanDomain('bogus.test', fx.options);
    expect(find(report, 'dnssec.bogus')).toMatchObject({ severity: 'Critical' });
    // A validating resolver answers SERVFAIL for everything else: those checks are not tested.
    expect(of(report, 'spf').map((f) => f.status)).toEqual(['not-tested']);
    expect(['D', 'E', 'F']).toContain(report.grade);
    // What could not be looked up is unknown (null), not absent ([]).
    expect(report.observed).toEqual({
      certificate: null,
      mx: null,
      spf: null,
      dmarc: null,
      dkimSelectors: null,
      ns: null,
      headers: null,
    });
  });

  it('tells a signed zone without a chain of trust (island.test)', async () => {
    const report = await scanDomain('island.test', fx.options);
    expect(find(report, 'dnssec.no-chain-of-trust').status).toBe('fail');
  });

  it('finds certificates for another name and self-signed ones', async () => {
    const mismatch = await scanDomain('mismatch.test', fx.options);
    expect(find(mismatch, 'certificate.name-mismatch').evidence).toMatch(/mismatch\.test/);
    expect(mismatch.caps.map((c) => c.findingId)).toContain('certificate.name-mismatch');
    const untrusted = await scanDomain('untrusted.test', fx.options);
    expect(find(untrusted, 'certificate.untrusted').evidence).toMatch(/SELF_SIGNED/);
  });

  it('reads MTA-STS testing mode and MX hosts the policy leaves out (testing.test)', async () => {
    const report = await scanDomain('testing.test', fx.options);
    expect(find(report, 'mta-sts.testing').severity).toBe('Low');
    expect(find(report, 'mta-sts.mx-not-covered').evidence).toMatch(/backup\.elsewhere\.test/);
  });

  it('does not ask for mail security on a domain that has no mail (nullmx.test)', async () => {
    const report = await scanDomain('nullmx.test', fx.options);
    expect(find(report, 'mx.null-mx').status).toBe('pass');
    expect(find(report, 'dkim.not-sending').status).toBe('info');
    for (const check of ['starttls', 'mta-sts', 'tls-rpt'] as const) {
      expect(of(report, check).map((f) => f.id)).toEqual([`${check}.not-applicable`]);
    }
    expect(report.areas.find((a) => a.area === 'email-transport')?.score).toBe(100);
  });

  it('reports STARTTLS that breaks in the handshake', async () => {
    const broken = await startSmtpFixture({
      mode: 'broken-tls',
      certificate: fx.ca.issue(['mx.good.test']),
    });
    try {
      const report = await scanDomain('good.test', {
        ...fx.options,
        ports: { ...fx.options.ports, smtp: broken.port },
      });
      expect(find(report, 'starttls.handshake-failed').severity).toBe('High');
    } finally {
      await broken.close();
    }
  });
});

describe('the facts a report keeps, to compare scans (observed)', () => {
  const DAY = 86_400_000;
  let report: ScanReport;
  let asked: string[];
  let world: World;
  beforeAll(async () => {
    const before = fx.dns.questions.length;
    report = await scanDomain('good.test', fx.options);
    asked = fx.dns.questions.slice(before);
    world = buildWorld(fx.ca);
  });

  it('keeps the certificate, records and security headers the checks saw', () => {
    expect(report.observed).toEqual({
      certificate: {
        host: 'good.test',
        notAfter: expect.any(String),
        names: [
          'good.test',
          'mta-sts.good.test',
          'mx.good.test',
          'mx.smallco.test',
          'www.good.test',
        ],
        issuer: 'Castellan fixtures',
      },
      mx: ['mx.good.test'],
      spf: ['v=spf1 mx include:_spf.provider.test -all'],
      dmarc: ['v=DMARC1; p=reject; rua=mailto:dmarc@good.test'],
      dkimSelectors: ['google'],
      ns: ['ns1.dns-host.test', 'ns2.dns-host.test'],
      headers: {
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'content-security-policy': "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
      },
    });
    // The fixture CA's certificates run for a year from yesterday.
    const left = Date.parse(report.observed?.certificate?.notAfter ?? '') - Date.now();
    expect(left).toBeGreaterThan(360 * DAY);
    expect(left).toBeLessThan(366 * DAY);
  });

  it('asks DNS nothing twice for them, and NS once beside the checks', () => {
    const times = (question: string) => asked.filter((q) => q === question).length;
    for (const question of ['NS good.test', 'TXT good.test', 'TXT _dmarc.good.test']) {
      expect(times(question), question).toBe(1);
    }
    expect(asked.filter((q) => q.startsWith('NS '))).toEqual(['NS good.test']);
  });

  it('has no certificate or headers for a domain without a website (mailonly.test)', async () => {
    const mailOnly = await scanDomain('mailonly.test', fx.options);
    expect(mailOnly.webHost).toBeNull();
    expect(mailOnly.observed).toEqual({
      certificate: null,
      mx: ['mx.mailonly.test'],
      spf: ['v=spf1 mx -all'],
      dmarc: ['v=DMARC1; p=reject; rua=mailto:dmarc@mailonly.test'],
      dkimSelectors: [],
      ns: ['ns1.dns-host.test', 'ns2.dns-host.test'],
      headers: null,
    });
  });

  it('shows a changed SPF and DMARC record, white space tidied, and nothing else changed', async () => {
    const records = world.dns.records;
    const changed = await startDnsFixture({
      ...world.dns,
      records: {
        ...records,
        'good.test': {
          ...records['good.test'],
          TXT: ['v=spf1 mx include:_spf.provider.test ~all', 'google-site-verification=abc'],
        },
        '_dmarc.good.test': { TXT: ['v=DMARC1;  p=none;\trua=mailto:dmarc@good.test '] },
      },
    });
    try {
      const later = await scanDomain('good.test', { ...fx.options, dnsServers: [changed.server] });
      expect(later.observed).toEqual({
        ...report.observed,
        spf: ['v=spf1 mx include:_spf.provider.test ~all'],
        dmarc: ['v=DMARC1; p=none; rua=mailto:dmarc@good.test'],
      });
      expect(find(later, 'dmarc.policy-none').status).toBe('fail');
    } finally {
      await changed.close();
    }
  });

  it('keeps no DKIM selectors when one selector could not be looked up', async () => {
    // A "bogus zone" at one selector's name: that question alone answers SERVFAIL.
    const failing = await startDnsFixture({
      ...world.dns,
      dnssec: { ...world.dns.dnssec, 'selector1._domainkey.good.test': 'bogus' },
    });
    try {
      const gappy = await scanDomain('good.test', { ...fx.options, dnsServers: [failing.server] });
      expect(find(gappy, 'dkim.found').status).toBe('pass');
      expect(gappy.observed).toEqual({ ...report.observed, dkimSelectors: null });
    } finally {
      await failing.close();
    }
  });

  it('keeps what is known when the time limit runs out and leaves the rest null, unwaited', async () => {
    // DKIM selectors and NS answer only after 10 s; everything else at once.
    const slow = await startDnsFixture({
      ...world.dns,
      delayMs: (name, type) => (type === 'NS' || name.includes('._domainkey.') ? 10_000 : 0),
    });
    try {
      const scanMs = 3_000;
      const started = Date.now();
      const cut = await scanDomain('good.test', {
        ...fx.options,
        dnsServers: [slow.server],
        timeouts: { ...fx.options.timeouts, scanMs },
      });
      expect(Date.now() - started).toBeLessThan(scanMs + 1_500);
      expect(find(cut, 'dkim.timed-out').status).toBe('not-tested');
      expect(cut.observed).toEqual({ ...report.observed, dkimSelectors: null, ns: null });
    } finally {
      await slow.close();
    }
  });
});

describe('what cannot be tested counts neither for nor against', () => {
  it('reports STARTTLS as not tested when port 25 cannot be reached', async () => {
    const port = await closedPort();
    const report = await scanDomain('good.test', {
      ...fx.options,
      ports: { ...fx.options.ports, smtp: port },
    });
    expect(find(report, 'starttls.unreachable').status).toBe('not-tested');
    expect(report.areas.find((a) => a.area === 'email-transport')).toMatchObject({
      score: 100,
      checksNotTested: 1,
    });
    expect(report.grade).toBe('A');
  });

  it('passes the redirect check when plain HTTP is not served at all', async () => {
    const world = buildWorld(fx.ca);
    const web = await startWebFixture({
      sites: world.sites,
      defaultCertificate: fx.ca.issue(world.defaultNames),
      httpOff: true,
    });
    try {
      const report = await scanDomain('good.test', {
        ...fx.options,
        ports: { ...fx.options.ports, http: web.httpPort, https: web.httpsPort },
      });
      expect(find(report, 'http-redirect.http-not-served').status).toBe('pass');
    } finally {
      await web.close();
    }
  });
});

describe('speed and robustness', () => {
  it('reports progress after each check', async () => {
    const progress: ScanProgress[] = [];
    await scanDomain('good.test', fx.options, (p) => progress.push(p));
    expect(progress.map((p) => p.done)).toEqual(CHECK_IDS.map((_, i) => i + 1));
    expect(new Set(progress.map((p) => p.check))).toEqual(new Set(CHECK_IDS));
    expect(progress.every((p) => p.total === CHECK_IDS.length)).toBe(true);
  });

  it('runs probes concurrently: a scan takes a few delays, not the sum of them', async () => {
    const delayMs = 100;
    const slow = await startScanFixtures({ delayMs });
    try {
      const started = Date.now();
      const report = await scanDomain('good.test', slow.options);
      const elapsed = Date.now() - started;
      expect(report.grade).toBe('A');
      // Over 100 DNS questions and a dozen HTTP, TLS and SMTP exchanges, each delayed 100 ms:
      // one after another they would take well over 10 s. The longest chain is about 8 delays.
      expect(slow.dns.questions.length).toBeGreaterThan(100);
      expect(elapsed).toBeLessThan(15 * delayMs);
    } finally {
      await slow.close();
    }
  });

  it('turns a server that never answers into a finding, within the probe timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const report = await scanDomain('good.test', {
        ...fx.options,
        ports: { http: port, https: port, smtp: port },
        timeouts: { ...fx.options.timeouts, probeMs: 500, smtpMs: 500 },
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(find(report, 'https.unavailable').evidence).toMatch(/did not answer within 0\.5 s/);
      expect(find(report, 'starttls.unreachable').evidence).toMatch(/stopped answering/);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('stops at the scan deadline and reports the unfinished checks as not tested', async () => {
    const slow = await startScanFixtures({ delayMs: 150 });
    try {
      const started = Date.now();
      const report = await scanDomain('good.test', {
        ...slow.options,
        timeouts: { ...slow.options.timeouts, scanMs: 400 },
      });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(report.findings.some((f) => f.id.endsWith('.timed-out'))).toBe(true);
    } finally {
      await slow.close();
    }
  });

  it('fails the scan for a domain that does not exist, or an input that is no domain', async () => {
    await expect(scanDomain('nothing.test', fx.options)).rejects.toMatchObject({
      code: 'domain-not-found',
    });
    await expect(scanDomain('http://10.0.0.1/', fx.options)).rejects.toBeInstanceOf(ScanError);
    await expect(scanDomain('good.test', { ...fx.options, allowPrivate: false })).rejects.toThrow(
      /\.test are not public/,
    );
  });

  it('fails the scan when DNS cannot be reached', async () => {
    const port = await closedPort();
    await expect(
      scanDomain('good.test', { ...fx.options, dnsServers: [`127.0.0.1:${port}`] }),
    ).rejects.toMatchObject({ code: 'dns-unavailable' });
  });
});
