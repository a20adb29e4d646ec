// Scans as the API answers them, for browser tests that intercept the scan calls (the test
// server has no internet to scan). Wording and evidence come from real scanner output.
import type {
  DomainScan,
  OrganizationAnalysisResponse,
  ScanFinding,
  ScanReport,
} from '@castellan/contract';

export const CHECKS_TOTAL = 21;

type Wording = Pick<ScanFinding, 'title' | 'evidence'> & Partial<ScanFinding>;

const finding = (
  id: string,
  area: ScanFinding['area'],
  status: ScanFinding['status'],
  severity: ScanFinding['severity'],
  wording: Wording,
): ScanFinding => ({
  id,
  check: id.split('.')[0] ?? id,
  area,
  status,
  severity,
  recommendation: null,
  taskId: null,
  ...wording,
});

/** A report with a capped grade, every status, and an area that could not be tested at all. */
export function reportFor(domain: string): ScanReport {
  return {
    domain,
    webHost: `www.${domain}`,
    scannedAt: '2026-11-21T09:30:00.000Z',
    durationMs: 18_400,
    score: 58,
    grade: 'D',
    caps: [
      {
        grade: 'D',
        findingId: 'certificate.expired',
        reason: 'The website’s certificate has expired.',
      },
    ],
    areas: [
      {
        area: 'email-authentication',
        title: 'E-mail authentication',
        score: 45,
        checksTested: 3,
        checksNotTested: 0,
      },
      {
        area: 'email-transport',
        title: 'E-mail transport security',
        score: 70,
        checksTested: 4,
        checksNotTested: 0,
      },
      { area: 'dns', title: 'DNS security', score: null, checksTested: 0, checksNotTested: 2 },
      {
        area: 'web-tls',
        title: 'Website encryption',
        score: 40,
        checksTested: 5,
        checksNotTested: 0,
      },
      {
        area: 'web-headers',
        title: 'Website security settings',
        score: 75,
        checksTested: 7,
        checksNotTested: 0,
      },
    ],
    findings: [
      finding('spf.valid', 'email-authentication', 'pass', 'Info', {
        title: 'SPF is set up',
        evidence: '"v=spf1 include:_spf.google.com -all"',
      }),
      finding('dkim.missing', 'email-authentication', 'fail', 'Medium', {
        title: 'No DKIM keys found',
        evidence: `_domainkey.${domain} does not exist, so no DKIM key is published.`,
        recommendation:
          'Turn on DKIM signing at your mail provider and publish the key it gives you, so receivers can tell your mail was not changed or faked.',
        taskId: 'email-dkim',
      }),
      finding('dmarc.policy-none', 'email-authentication', 'fail', 'High', {
        title: 'DMARC only monitors (p=none)',
        evidence: `"v=DMARC1; p=none" at _dmarc.${domain}`,
        recommendation:
          'Mail that fakes your domain is still delivered. When the reports show your own mail passes, move to p=quarantine, then p=reject.',
        taskId: 'email-dmarc',
      }),
      finding('mx.valid', 'email-transport', 'pass', 'Info', {
        title: 'Mail servers are set up',
        evidence: `10 aspmx.l.google.com`,
      }),
      finding('starttls.offered', 'email-transport', 'pass', 'Info', {
        title: 'Mail servers encrypt incoming mail (STARTTLS)',
        evidence: 'aspmx.l.google.com (TLSv1.3).',
      }),
      finding('tls-rpt.missing', 'email-transport', 'fail', 'Low', {
        title: 'No TLS reporting (TLS-RPT) record',
        evidence: `No TXT record starting with "v=TLSRPTv1" at _smtp._tls.${domain}.`,
        recommendation: `Publish a TXT record "v=TLSRPTv1; rua=mailto:tls-reports@<your domain>" at _smtp._tls.${domain} to hear when senders cannot reach you securely.`,
        taskId: 'email-tls-rpt',
      }),
      finding('mta-sts.missing', 'email-transport', 'fail', 'Medium', {
        title: 'No MTA-STS policy',
        evidence: `No TXT record starting with "v=STSv1" at _mta-sts.${domain}.`,
        recommendation:
          'Publish an MTA-STS policy at https://mta-sts.<your domain>/.well-known/mta-sts.txt and a TXT record "v=STSv1; id=<date>" at _mta-sts.<your domain>, so that senders insist on encrypted delivery.',
        taskId: 'email-mta-sts',
      }),
      finding('dnssec.not-tested', 'dns', 'not-tested', 'Info', {
        title: 'DNSSEC could not be tested',
        evidence: `The resolver answers SERVFAIL for ${domain}.`,
      }),
      finding('caa.not-tested', 'dns', 'not-tested', 'Info', {
        title: 'CAA could not be tested',
        evidence: `The CAA look-up for ${domain} failed: queryCaa ETIMEOUT ${domain}.`,
      }),
      finding('https.available', 'web-tls', 'pass', 'Info', {
        title: 'The website is served over HTTPS',
        evidence: `https://www.${domain}/ → 200`,
      }),
      finding('hsts.missing', 'web-tls', 'fail', 'High', {
        title: 'HSTS is not set',
        evidence: `https://www.${domain}/ sends no Strict-Transport-Security header.`,
        recommendation:
          'Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" on every HTTPS response, so browsers never use plain HTTP for your site again.',
        taskId: 'web-hsts',
      }),
      finding('certificate.expired', 'web-tls', 'fail', 'Critical', {
        title: 'The website’s certificate has expired',
        evidence: `Certificate for DNS:${domain}, DNS:www.${domain} from R11, valid until 2026-10-02 (50 days ago).`,
        recommendation:
          'Browsers show visitors a full-page warning. Renew the certificate (most hosts and Let’s Encrypt can do this automatically) and install it on the web server.',
        taskId: 'web-tls-certificate',
      }),
      finding('http-redirect.redirects', 'web-tls', 'pass', 'Info', {
        title: 'HTTP redirects to HTTPS',
        evidence: `http://${domain}/ → 301, https://www.${domain}/ → 200`,
      }),
      finding('tls-versions.modern', 'web-tls', 'pass', 'Info', {
        title: 'The website uses only current TLS versions',
        evidence: `www.${domain} accepts TLSv1.2, TLSv1.3.`,
      }),
      finding('csp.missing', 'web-headers', 'fail', 'Medium', {
        title: 'No Content-Security-Policy',
        evidence: `https://www.${domain}/ sends no Content-Security-Policy header.`,
        recommendation:
          "Add a Content-Security-Policy header that lists where scripts may come from (start with \"default-src 'self'; object-src 'none'; base-uri 'self'\"), so an injected script cannot run.",
        taskId: 'web-security-headers',
      }),
      finding('content-type-options.nosniff', 'web-headers', 'pass', 'Info', {
        title: 'Browsers may not guess content types',
        evidence: 'X-Content-Type-Options: nosniff.',
      }),
      finding('framing.frame-ancestors', 'web-headers', 'pass', 'Info', {
        title: 'Other sites cannot frame the website',
        evidence: "Content-Security-Policy frame-ancestors 'none'.",
      }),
      finding('referrer-policy.private', 'web-headers', 'pass', 'Info', {
        title: 'Referrer-Policy keeps page addresses private',
        evidence: 'Referrer-Policy: strict-origin-when-cross-origin.',
      }),
      finding('cookies.protected', 'web-headers', 'pass', 'Info', {
        title: 'Cookies are protected',
        evidence: 'Cookies: session, theme.',
      }),
      finding('cors.restricted', 'web-headers', 'pass', 'Info', {
        title: 'Other websites cannot read your pages with a visitor’s cookies',
        evidence: 'No Access-Control-Allow-Origin for a foreign origin.',
      }),
      finding('security-txt.missing', 'web-headers', 'fail', 'Low', {
        title: 'No security.txt',
        evidence: `https://www.${domain}/.well-known/security.txt: answered 404.`,
        recommendation:
          'Publish /.well-known/security.txt (RFC 9116) with a Contact: line and an Expires: date, so people who find a security problem know how to tell you.',
        taskId: 'web-security-txt',
      }),
    ],
  };
}

const SCAN_ID = '0b6f3c52-6a5e-4c7e-9d43-2f1c8a9e7b10';

export const runningScan = (domain: string, checksDone = 3): DomainScan => ({
  id: SCAN_ID,
  domain,
  state: 'running',
  checksDone,
  checksTotal: CHECKS_TOTAL,
  startedAt: '2026-11-21T09:29:42.000Z',
  finishedAt: null,
  error: null,
  report: null,
  sample: false,
});

export const doneScan = (domain: string): DomainScan => ({
  ...runningScan(domain, CHECKS_TOTAL),
  state: 'done',
  finishedAt: '2026-11-21T09:30:00.000Z',
  report: reportFor(domain),
});

export const failedScan = (domain: string, error: string): DomainScan => ({
  ...runningScan(domain, 7),
  state: 'failed',
  finishedAt: '2026-11-21T09:30:00.000Z',
  error,
});

export const organizationAnalysis = (
  domain: string,
  latest: DomainScan | null,
  history: OrganizationAnalysisResponse['history'] = [],
): OrganizationAnalysisResponse => ({ domain, latest, history });

/** Two earlier analyses of a domain, for the score history. */
export const SCORE_HISTORY: OrganizationAnalysisResponse['history'] = [
  {
    id: '5c0e7f9e-1d7a-4c1b-8d3e-0a4b2c6d8e01',
    finishedAt: '2026-10-21T09:30:00.000Z',
    score: 41,
    grade: 'E',
  },
  {
    id: '5c0e7f9e-1d7a-4c1b-8d3e-0a4b2c6d8e02',
    finishedAt: '2026-11-21T09:30:00.000Z',
    score: 58,
    grade: 'D',
  },
];
