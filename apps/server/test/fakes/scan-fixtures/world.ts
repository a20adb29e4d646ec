// The fixture internet the scanner tests, the CLI demo and the benchmark run against: DNS
// records, websites and mail servers for a handful of `.test` domains (and a few `.com` names
// for the address-guard tests, scanned with the production policy).
//
//   good.test       everything right: every check passes
//   bad.test        every check fails (served by the legacy-TLS web server and the SMTP server
//                   without STARTTLS, see `badOptions`)
//   nohttps.test    refuses TLS (the HTTPS check's failing case)
//   nullmx.test     sends and receives no mail (null MX, "v=spf1 -all", p=reject)
//   lookups.test    SPF needing 11 DNS look-ups
//   extrua.test     DMARC reports sent to a domain that has not authorised them
//   bogus.test      DNSSEC signatures that do not validate
//   island.test     a signed zone without a DS record
//   mismatch.test   a certificate for another name; untrusted.test a self-signed one
//   testing.test    MTA-STS in testing mode that leaves out one MX
//   loopback.example.com, private.example.com, mapped.example.com: non-public addresses
//   rebind.example.com: a public address first, then 127.0.0.1
import { generateKeyPairSync } from 'node:crypto';
import type { TestCa } from './certificates';
import type { DnsFixtureOptions, FixtureRecords } from './dns-server';
import type { FixtureResponse, FixtureSite } from './web-server';

const LOCAL = ['127.0.0.1'];

let dkimKey: string | undefined;
/** A 2048-bit RSA public key, base64 DER, as a DKIM record carries it. */
export function dkimPublicKey(): string {
  dkimKey ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  }).publicKey.toString('base64');
  return dkimKey;
}

const GOOD_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'set-cookie': ['session=abc; Path=/; Secure; HttpOnly; SameSite=Lax', 'theme=dark; Secure'],
};

const securityTxt = (): FixtureResponse => ({
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: `Contact: mailto:security@good.test\nExpires: ${new Date(Date.now() + 180 * 86_400_000).toISOString()}\n`,
});

const goodSite = (extra: Record<string, FixtureResponse> = {}): FixtureSite => ({
  https: {
    '/': { headers: GOOD_HEADERS },
    '/.well-known/security.txt': securityTxt(),
    ...extra,
  },
});

const mtaStsPolicy = (body: string): FixtureSite => ({
  https: {
    '/.well-known/mta-sts.txt': { headers: { 'content-type': 'text/plain' }, body },
  },
});

/** A domain with mail and web set up right; `overrides` replace records by name. */
function goodDomain(domain: string, overrides: Record<string, FixtureRecords> = {}) {
  return {
    [domain]: {
      A: LOCAL,
      MX: [{ exchange: `mx.${domain}`, priority: 10 }],
      TXT: ['v=spf1 mx include:_spf.provider.test -all', 'google-site-verification=abc'],
      CAA: [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
    },
    [`www.${domain}`]: { A: LOCAL },
    [`mx.${domain}`]: { A: LOCAL },
    [`mta-sts.${domain}`]: { A: LOCAL },
    [`_dmarc.${domain}`]: { TXT: [`v=DMARC1; p=reject; rua=mailto:dmarc@${domain}`] },
    [`google._domainkey.${domain}`]: { TXT: [`v=DKIM1; k=rsa; p=${dkimPublicKey()}`] },
    [`_mta-sts.${domain}`]: { TXT: ['v=STSv1; id=20240101T000000'] },
    [`_smtp._tls.${domain}`]: { TXT: [`v=TLSRPTv1; rua=mailto:tlsrpt@${domain}`] },
    ...overrides,
  } satisfies Record<string, FixtureRecords>;
}

const ENFORCE =
  'version: STSv1\nmode: enforce\nmx: mx.good.test\nmx: *.good.test\nmax_age: 604800\n';

export type World = {
  dns: Omit<DnsFixtureOptions, 'delayMs'>;
  /** Sites of the modern web server. */
  sites: Record<string, FixtureSite>;
  /** Sites of the legacy-TLS web server (bad.test). */
  legacySites: Record<string, FixtureSite>;
  /** Names on the modern server's default certificate. */
  defaultNames: string[];
};

export function buildWorld(ca: TestCa): World {
  const lookupsChain: Record<string, FixtureRecords> = {};
  for (let i = 1; i <= 9; i++) {
    lookupsChain[`spf${i}.lookups.test`] = {
      TXT: [i < 9 ? `v=spf1 include:spf${i + 1}.lookups.test -all` : 'v=spf1 a mx -all'],
    };
  }
  const records: Record<string, FixtureRecords> = {
    '_spf.provider.test': { TXT: ['v=spf1 ip4:192.0.2.0/24 ip6:2001:db8::/32 -all'] },
    ...goodDomain('good.test'),
    'bad.test': {
      A: LOCAL,
      MX: [
        { exchange: 'mx.bad.test', priority: 10 },
        { exchange: 'ghost.bad.test', priority: 20 },
      ],
      TXT: ['v=spf1 +all'],
    },
    'mx.bad.test': { A: LOCAL },
    '_dmarc.bad.test': { TXT: ['v=DMARC1; p=none'] },
    'nohttps.test': { A: LOCAL },
    'nullmx.test': { A: LOCAL, MX: [{ exchange: '.', priority: 0 }], TXT: ['v=spf1 -all'] },
    '_dmarc.nullmx.test': { TXT: ['v=DMARC1; p=reject; rua=mailto:dmarc@nullmx.test'] },
    ...goodDomain('lookups.test', {
      'lookups.test': {
        A: LOCAL,
        MX: [{ exchange: 'mx.lookups.test', priority: 10 }],
        TXT: ['v=spf1 include:spf1.lookups.test ~all'],
      },
    }),
    ...lookupsChain,
    ...goodDomain('extrua.test', {
      '_dmarc.extrua.test': {
        TXT: ['v=DMARC1; p=reject; rua=mailto:d@reports.elsewhere.test,mailto:d@ok.partner.test'],
      },
    }),
    'extrua.test._report._dmarc.ok.partner.test': { TXT: ['v=DMARC1'] },
    ...goodDomain('bogus.test'),
    ...goodDomain('island.test'),
    ...goodDomain('mismatch.test'),
    ...goodDomain('untrusted.test'),
    ...goodDomain('testing.test', {
      'testing.test': {
        A: LOCAL,
        MX: [
          { exchange: 'mx.testing.test', priority: 10 },
          { exchange: 'backup.elsewhere.test', priority: 20 },
        ],
        TXT: ['v=spf1 mx -all'],
      },
      'backup.elsewhere.test': { A: LOCAL },
    }),
    'loopback.example.com': { A: LOCAL },
    'private.example.com': { A: ['10.0.0.5'] },
    'mapped.example.com': { AAAA: ['::ffff:7f00:1'] },
    'rebind.example.com': { A: (times) => (times === 1 ? ['93.184.216.34'] : LOCAL) },
  };

  const goodNames = ['good.test', 'www.good.test', 'mta-sts.good.test', 'mx.good.test'];
  const certified = (domain: string) =>
    ca.issue([domain, `www.${domain}`, `mta-sts.${domain}`, `mx.${domain}`]);
  const sites: Record<string, FixtureSite> = {
    'good.test': goodSite(),
    'mta-sts.good.test': mtaStsPolicy(ENFORCE),
    'nohttps.test': { http: { status: 200 }, tlsOff: true },
    'nullmx.test': { ...goodSite(), certificate: ca.issue(['nullmx.test']) },
    'mismatch.test': goodSite(),
    'untrusted.test': { ...goodSite(), certificate: ca.selfSigned(['untrusted.test']) },
    'testing.test': { ...goodSite(), certificate: certified('testing.test') },
    'mta-sts.testing.test': {
      certificate: certified('testing.test'),
      ...mtaStsPolicy('version: STSv1\nmode: testing\nmx: mx.testing.test\nmax_age: 86400\n'),
    },
  };
  for (const domain of ['lookups.test', 'extrua.test', 'bogus.test', 'island.test']) {
    const certificate = certified(domain);
    sites[domain] = { ...goodSite(), certificate };
    sites[`mta-sts.${domain}`] = {
      certificate,
      ...mtaStsPolicy(ENFORCE.replaceAll('good.test', domain)),
    };
  }
  const legacySites: Record<string, FixtureSite> = {
    'bad.test': {
      certificate: ca.issue(['bad.test', 'www.bad.test'], { expired: true }),
      http: { status: 200 },
      https: {
        '/': {
          headers: {
            'referrer-policy': 'unsafe-url',
            'x-frame-options': 'ALLOW-FROM https://example.com',
            'set-cookie': 'session=abc; Path=/',
          },
          reflectOrigin: true,
        },
      },
    },
  };
  return {
    dns: {
      records,
      dnssec: { 'good.test': 'secure', 'bogus.test': 'bogus', 'island.test': 'no-chain-of-trust' },
    },
    sites,
    legacySites,
    defaultNames: goodNames,
  };
}
