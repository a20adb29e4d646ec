// The address guard in real scans: the production policy (no SCAN_ALLOW_PRIVATE) with the
// fixture DNS server, whose names resolve to loopback, private and mapped IPv6 addresses, or
// change their answer between look-ups. No connection may reach the fixture servers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanFixtures, startScanFixtures, startWebFixture } from '../test/fixtures';
import { ScanDns } from './dns-client';
import { guardedLookup, publicOnly } from './guard';
import { followRedirects } from './http-probe';
import { withDefaults } from './options';
import { scanDomain } from './scan';

let fx: ScanFixtures;
beforeAll(async () => {
  fx = await startScanFixtures();
});
afterAll(async () => {
  await fx?.close();
});

const production = () => ({ ...fx.options, allowPrivate: false });
const connections = () => fx.web.connections.http + fx.web.connections.https + fx.smtp.connections;

describe('scanning with the production address policy', () => {
  it.each([
    ['loopback.example.com', /127\.0\.0\.1 is a loopback address/],
    ['private.example.com', /10\.0\.0\.5 is a private address/],
    ['mapped.example.com', /::ffff:(?:7f00:1|127\.0\.0\.1) is a loopback address/],
  ])('refuses to connect to %s', async (domain, reason) => {
    const before = connections();
    const report = await scanDomain(domain, production());
    const https = report.findings.find((f) => f.check === 'https');
    expect(https).toMatchObject({ id: 'https.refused', status: 'not-tested' });
    expect(https?.evidence).toMatch(reason);
    expect(report.findings.find((f) => f.check === 'http-redirect')?.status).toBe('not-tested');
    expect(connections()).toBe(before);
  });

  it('refuses a name whose second answer is 127.0.0.1 (DNS rebinding)', async () => {
    const before = connections();
    const report = await scanDomain('rebind.example.com', production());
    // The first look-up (does the domain exist, does it have a website) saw a public address…
    expect(report.webHost).toBe('rebind.example.com');
    expect(fx.dns.questions.filter((q) => q === 'A rebind.example.com').length).toBeGreaterThan(1);
    // …the connection's own look-up got 127.0.0.1 and was refused before dialling.
    expect(report.findings.find((f) => f.check === 'https')?.evidence).toMatch(
      /refused to connect to rebind\.example\.com: 127\.0\.0\.1 is a loopback address/,
    );
    expect(connections()).toBe(before);
  });

  it('checks the host of every redirect hop, IP literals included', async () => {
    const target = await startWebFixture({
      sites: {
        'redirector.example.com': {
          http: { status: 302, headers: { location: 'http://127.0.0.1/' } },
        },
        'six.example.com': { http: { status: 301, headers: { location: 'http://[::1]/admin' } } },
        'port.example.com': {
          http: { status: 301, headers: { location: 'http://example.com:8080/' } },
        },
      },
      defaultCertificate: fx.ca.issue(['redirector.example.com']),
    });
    const options = withDefaults({
      ...production(),
      ports: { http: target.httpPort, https: target.httpsPort, smtp: 25 },
    });
    // Names lead to the fixture (as a public server would); literals meet the production policy.
    const network = {
      lookup: guardedLookup(
        async () => ['127.0.0.1'],
        () => null,
      ),
      policy: publicOnly,
      options,
    };
    try {
      const literal = await followRedirects(network, 'http://redirector.example.com/');
      expect(literal.responses.map((r) => r.status)).toEqual([302]);
      expect(literal.error).toMatch(
        /refused to connect to 127\.0\.0\.1: 127\.0\.0\.1 is a loopback address/,
      );
      const six = await followRedirects(network, 'http://six.example.com/');
      expect(six.error).toMatch(/refused to connect to \[::1\]/);
      const port = await followRedirects(network, 'http://port.example.com/');
      expect(port.error).toMatch(/only the standard ports/);
      expect(target.requests).toEqual([
        'http://redirector.example.com/',
        'http://six.example.com/',
        'http://port.example.com/',
      ]);
    } finally {
      await target.close();
    }
  });

  it('looks up connection addresses afresh every time, never from the checks’ cache', async () => {
    const dns = new ScanDns(withDefaults({ dnsServers: [fx.dns.server] }));
    await dns.a('rebind.example.com');
    await expect(dns.addressesForConnect('rebind.example.com')).resolves.toEqual(['127.0.0.1']);
  });
});
