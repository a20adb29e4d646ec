import type { ScanFinding, ScanObserved, ScanReport } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { loadSampleReport } from '../../demo/sample-report';
import { certificateExpiry, changesBetween, EXPIRY_THRESHOLDS } from './scan-changes';

const REJECT = 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com';
const NONE = 'v=DMARC1; p=none; rua=mailto:dmarc@example.com';
const QUARANTINE = 'v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com';
const HSTS_YEAR = 'max-age=31536000; includeSubDomains';
const CSP = "default-src 'self'; frame-ancestors 'self'";

function finding(
  id: string,
  status: ScanFinding['status'],
  severity: ScanFinding['severity'] = status === 'fail' ? 'Medium' : 'Info',
  taskId: string | null = null,
): ScanFinding {
  const check = id.split('.')[0] ?? id;
  return {
    id,
    check,
    area: 'dns',
    status,
    severity,
    title: `Title of ${id}`,
    evidence: `Evidence of ${id}`,
    recommendation: null,
    taskId: status === 'fail' ? (taskId ?? `task-${check}`) : null,
  };
}

const OBSERVED: ScanObserved = {
  certificate: {
    host: 'www.example.com',
    notAfter: '2027-03-01T12:00:00.000Z',
    names: ['example.com', 'www.example.com'],
    issuer: 'Example CA',
  },
  mx: ['mx1.example.com', 'mx2.example.com'],
  spf: ['v=spf1 mx -all'],
  dmarc: [REJECT],
  dkimSelectors: ['google', 'selector1'],
  ns: ['ns1.dns-host.test', 'ns2.dns-host.test'],
  headers: {
    'strict-transport-security': HSTS_YEAR,
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
  },
};

const FINDINGS: ScanFinding[] = [
  finding('dmarc.enforced', 'pass'),
  finding('spf.valid', 'pass'),
  finding('dkim.found', 'pass'),
  finding('mx.valid', 'pass'),
  finding('hsts.valid', 'pass'),
  finding('csp.present', 'pass'),
  finding('framing.frame-ancestors', 'pass'),
  finding('certificate.valid', 'pass'),
  finding('dnssec.unsigned', 'fail', 'Medium', 'dns-dnssec'),
];

function report(
  changes: { findings?: ScanFinding[]; observed?: Partial<ScanObserved> | null } = {},
): ScanReport {
  const { findings = FINDINGS, observed = {} } = changes;
  return {
    domain: 'example.com',
    webHost: 'www.example.com',
    scannedAt: '2027-01-01T03:00:00.000Z',
    durationMs: 1200,
    score: 80,
    grade: 'B',
    caps: [],
    areas: [],
    findings,
    ...(observed === null ? {} : { observed: { ...OBSERVED, ...observed } }),
  };
}

/** The findings of the base report with some replaced (same check) or added. */
function findingsWith(...replacements: ScanFinding[]): ScanFinding[] {
  const checks = new Set(replacements.map((f) => f.check));
  return [...FINDINGS.filter((f) => !checks.has(f.check)), ...replacements];
}

const dmarcWeakened = () =>
  report({
    findings: findingsWith(finding('dmarc.policy-none', 'fail', 'High', 'email-dmarc')),
    observed: { dmarc: [NONE] },
  });

describe('changesBetween', () => {
  it('finds no changes on a first scan', () => {
    expect(changesBetween(null, report())).toEqual([]);
  });

  it('finds none between a scan and an identical one', () => {
    expect(changesBetween(report(), report())).toEqual([]);
    expect(changesBetween(dmarcWeakened(), dmarcWeakened())).toEqual([]);
  });

  it('reports a DMARC policy weakened from reject to none as one worse change with its task', () => {
    const changes = changesBetween(report(), dmarcWeakened());
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      kind: 'record-changed',
      direction: 'worse',
      taskId: 'email-dmarc',
      summary: 'DMARC policy weakened from reject to none.',
      before: REJECT,
      after: NONE,
    });
    expect(changes[0]?.key).toMatch(/^record:dmarc:[0-9a-f]{12}$/);
  });

  it('finds the same on a real report: none against itself, one for its DMARC once enforced', () => {
    const sample = loadSampleReport();
    expect(changesBetween(sample, structuredClone(sample))).toEqual([]);
    const observed = sample.observed;
    if (!observed) throw new Error('the sample report keeps no observations');
    const enforced: ScanReport = {
      ...sample,
      findings: [
        ...sample.findings.filter((f) => f.check !== 'dmarc'),
        finding('dmarc.enforced', 'pass'),
      ],
      observed: { ...observed, dmarc: ['v=DMARC1; p=reject; rua=mailto:dmarc@smallco.test'] },
    };
    expect(changesBetween(enforced, sample)).toEqual([
      expect.objectContaining({
        direction: 'worse',
        taskId: 'email-dmarc',
        summary: 'DMARC policy weakened from reject to none.',
      }),
    ]);
  });

  it('reports the check instead when the reports kept no observations', () => {
    const before = report({ observed: null });
    const after = { ...dmarcWeakened(), observed: undefined };
    expect(changesBetween(before, after)).toEqual([
      {
        kind: 'check-worse',
        key: 'check:dmarc:fail',
        direction: 'worse',
        summary: 'New high-severity problem: Title of dmarc.policy-none.',
        taskId: 'email-dmarc',
        before: 'Evidence of dmarc.enforced',
        after: 'Evidence of dmarc.policy-none',
      },
    ]);
  });

  it('reports a fixed check as better, with the task it fixed', () => {
    const changes = changesBetween(
      report(),
      report({ findings: findingsWith(finding('dnssec.signed', 'pass')) }),
    );
    expect(changes).toEqual([
      {
        kind: 'check-better',
        key: 'check:dnssec:pass',
        direction: 'better',
        summary: 'Resolved since the previous scan: Title of dnssec.unsigned.',
        taskId: 'dns-dnssec',
        before: 'Evidence of dnssec.unsigned',
        after: 'Evidence of dnssec.signed',
      },
    ]);
  });

  it('gives one check-worse for a check that starts failing, led by its most severe finding', () => {
    const after = report({
      findings: findingsWith(
        finding('caa.missing', 'fail', 'Low'),
        finding('caa.wrong', 'fail', 'High'),
        finding('caa.extra', 'pass'),
      ),
    });
    const before = report({ findings: findingsWith(finding('caa.present', 'pass')) });
    expect(changesBetween(before, after)).toEqual([
      expect.objectContaining({
        kind: 'check-worse',
        key: 'check:caa:fail',
        taskId: 'task-caa',
        summary: 'New high-severity problem: Title of caa.wrong.',
      }),
    ]);
  });

  it('reports a new failing finding in a check that was already failing', () => {
    const before = report({ findings: findingsWith(finding('mta-sts.missing', 'fail')) });
    const after = report({
      findings: findingsWith(
        finding('mta-sts.missing', 'fail'),
        finding('mta-sts.invalid', 'fail', 'Low', 'email-mta-sts'),
      ),
    });
    expect(changesBetween(before, after)).toEqual([
      {
        kind: 'finding-new',
        key: 'finding:mta-sts.invalid:fail',
        direction: 'worse',
        summary: 'New low-severity problem: Title of mta-sts.invalid.',
        taskId: 'email-mta-sts',
        before: null,
        after: 'Evidence of mta-sts.invalid',
      },
    ]);
  });

  it('treats a check with only info findings as passing', () => {
    const before = report({ findings: findingsWith(finding('spf.soft-fail', 'info')) });
    expect(changesBetween(before, report())).toEqual([]);
    const failing = report({ findings: findingsWith(finding('spf.too-many-lookups', 'fail')) });
    expect(changesBetween(before, failing).map((c) => c.key)).toEqual(['check:spf:fail']);
  });

  it('ignores checks not tested on either side, and checks new to the scanner', () => {
    const untested = report({ findings: findingsWith(finding('dnssec.timeout', 'not-tested')) });
    const signed = report({ findings: findingsWith(finding('dnssec.signed', 'pass')) });
    expect(changesBetween(untested, report())).toEqual([]);
    expect(changesBetween(report(), untested)).toEqual([]);
    expect(changesBetween(untested, signed)).toEqual([]);
    const newCheck = report({ findings: [...FINDINGS, finding('bimi.missing', 'fail')] });
    expect(changesBetween(report(), newCheck)).toEqual([]);
  });

  it('compares an observation only when both scans made it', () => {
    const blind = report({
      observed: {
        certificate: null,
        mx: null,
        spf: null,
        dmarc: null,
        dkimSelectors: null,
        ns: null,
        headers: null,
      },
    });
    const different = report({
      observed: {
        certificate: {
          ...(OBSERVED.certificate as NonNullable<ScanObserved['certificate']>),
          notAfter: '2028-01-01T00:00:00.000Z',
        },
        mx: [],
        spf: [],
        dmarc: [],
        dkimSelectors: [],
        ns: ['ns.other.test'],
        headers: {},
      },
    });
    expect(changesBetween(blind, different)).toEqual([]);
    expect(changesBetween(different, blind)).toEqual([]);
    expect(changesBetween(report({ observed: null }), different)).toEqual([]);
  });

  describe('security headers', () => {
    const withHeaders = (headers: Record<string, string>) => report({ observed: { headers } });

    it('reports a removed header as worse, naming the website, and folds its checks in', () => {
      const after = report({
        findings: findingsWith(
          finding('csp.missing', 'fail', 'Medium', 'web-security-headers'),
          finding('framing.missing', 'fail', 'Medium', 'web-security-headers'),
        ),
        observed: {
          headers: { 'strict-transport-security': HSTS_YEAR, 'x-content-type-options': 'nosniff' },
        },
      });
      expect(changesBetween(report(), after)).toEqual([
        {
          kind: 'header-changed',
          key: 'header:content-security-policy:removed',
          direction: 'worse',
          summary: 'Security header Content-Security-Policy removed from www.example.com.',
          taskId: 'web-security-headers',
          before: CSP,
          after: null,
        },
      ]);
    });

    it('reports an added header as better and a changed value as neutral', () => {
      const added = withHeaders({ ...OBSERVED.headers, 'referrer-policy': 'no-referrer' });
      expect(changesBetween(report(), added)).toEqual([
        expect.objectContaining({
          kind: 'header-changed',
          direction: 'better',
          summary: 'Security header Referrer-Policy added to www.example.com.',
          before: null,
          after: 'no-referrer',
        }),
      ]);
      const changed = withHeaders({
        ...OBSERVED.headers,
        'content-security-policy': "default-src 'none'",
      });
      expect(changesBetween(report(), changed)).toEqual([
        expect.objectContaining({
          direction: 'neutral',
          summary: 'Security header Content-Security-Policy changed on www.example.com.',
          taskId: 'web-security-headers',
        }),
      ]);
    });

    it('reports an HSTS max-age that fell as worse, and one that rose as better', () => {
      const day = withHeaders({
        ...OBSERVED.headers,
        'strict-transport-security': 'max-age=86400',
      });
      const [fell] = changesBetween(report(), day);
      expect(fell).toMatchObject({
        direction: 'worse',
        taskId: 'web-hsts',
        summary:
          'Security header Strict-Transport-Security on www.example.com now asks browsers to insist on HTTPS for 1 day instead of 365 days.',
      });
      expect(changesBetween(day, report())[0]?.direction).toBe('better');
      const reordered = withHeaders({
        ...OBSERVED.headers,
        'strict-transport-security': 'includeSubDomains; max-age=31536000',
      });
      expect(changesBetween(report(), reordered)[0]?.direction).toBe('neutral');
    });
  });

  describe('DNS records', () => {
    it('reports changed name servers as neutral, naming those added and removed', () => {
      const after = report({ observed: { ns: ['ns1.dns-host.test', 'ns3.new-host.test'] } });
      expect(changesBetween(report(), after)).toEqual([
        {
          kind: 'record-changed',
          key: expect.stringMatching(/^record:ns:/),
          direction: 'neutral',
          summary: 'Name servers (NS) changed: added ns3.new-host.test; removed ns2.dns-host.test.',
          taskId: null,
          before: 'ns1.dns-host.test\nns2.dns-host.test',
          after: 'ns1.dns-host.test\nns3.new-host.test',
        },
      ]);
    });

    it('reports changed mail servers as neutral', () => {
      const after = report({ observed: { mx: ['mx.provider.test'] } });
      expect(changesBetween(report(), after)).toEqual([
        expect.objectContaining({
          direction: 'neutral',
          summary:
            'Mail servers (MX) changed: added mx.provider.test; removed mx1.example.com and mx2.example.com.',
          taskId: 'email-mx-records',
        }),
      ]);
    });

    it('reports an SPF record removed as worse, and one replaced as neutral', () => {
      const removed = report({
        findings: findingsWith(finding('spf.missing', 'fail', 'High', 'email-spf')),
        observed: { spf: [] },
      });
      expect(changesBetween(report(), removed)).toEqual([
        expect.objectContaining({
          kind: 'record-changed',
          key: 'record:spf:none',
          direction: 'worse',
          summary: 'SPF record changed: removed "v=spf1 mx -all".',
          taskId: 'email-spf',
          after: null,
        }),
      ]);
      const replaced = report({ observed: { spf: ['v=spf1 mx include:mail.test -all'] } });
      expect(changesBetween(report(), replaced)).toEqual([
        expect.objectContaining({
          direction: 'neutral',
          summary:
            'SPF record changed: added "v=spf1 mx include:mail.test -all"; removed "v=spf1 mx -all".',
        }),
      ]);
    });

    it('reports all DKIM selectors gone as worse, and one of them gone as neutral', () => {
      const gone = report({ observed: { dkimSelectors: [] } });
      expect(changesBetween(report(), gone)).toEqual([
        expect.objectContaining({ direction: 'worse', taskId: 'email-dkim' }),
      ]);
      const fewer = report({ observed: { dkimSelectors: ['google'] } });
      expect(changesBetween(report(), fewer)).toEqual([
        expect.objectContaining({
          direction: 'neutral',
          summary: 'DKIM selectors changed: removed selector1.',
        }),
      ]);
    });

    it('ranks DMARC policies reject > quarantine > none > no record', () => {
      const dmarc = (...records: string[]) => report({ observed: { dmarc: records } });
      const move = (from: ScanReport, to: ScanReport) =>
        changesBetween(from, to).map(({ direction, summary }) => ({ direction, summary }));
      expect(move(dmarc(QUARANTINE), dmarc(REJECT))).toEqual([
        { direction: 'better', summary: 'DMARC policy strengthened from quarantine to reject.' },
      ]);
      expect(move(dmarc(REJECT), dmarc(QUARANTINE))).toEqual([
        { direction: 'worse', summary: 'DMARC policy weakened from reject to quarantine.' },
      ]);
      expect(move(dmarc(NONE), dmarc())).toEqual([
        { direction: 'worse', summary: 'DMARC record removed (its policy was none).' },
      ]);
      expect(move(dmarc(), dmarc(QUARANTINE))).toEqual([
        { direction: 'better', summary: 'DMARC policy set to quarantine.' },
      ]);
      expect(move(dmarc(REJECT), dmarc(REJECT, NONE))).toEqual([
        {
          direction: 'worse',
          summary:
            'DMARC policy reject no longer applies, as more than one DMARC record is published.',
        },
      ]);
    });

    it('reports a lowered DMARC pct as worse and other edits as neutral', () => {
      const partial = report({ observed: { dmarc: ['v=DMARC1; p=reject; pct=50'] } });
      const full = report({ observed: { dmarc: ['v=DMARC1; p=reject; pct=100'] } });
      expect(changesBetween(full, partial)).toEqual([
        expect.objectContaining({
          direction: 'worse',
          summary:
            'DMARC policy weakened: reject now applies to 50% of failing mail instead of 100%.',
        }),
      ]);
      expect(changesBetween(partial, full)[0]?.direction).toBe('better');
      const newRua = report({
        observed: { dmarc: ['v=DMARC1; p=reject; rua=mailto:new@example.com'] },
      });
      expect(changesBetween(report(), newRua)).toEqual([
        expect.objectContaining({
          direction: 'neutral',
          summary: expect.stringMatching(/^DMARC record changed: added/),
        }),
      ]);
    });

    it('does not repeat a weakened DMARC as a new finding when the check was already failing', () => {
      const before = report({
        findings: findingsWith(finding('dmarc.no-reports', 'fail', 'Low', 'email-dmarc')),
        observed: { dmarc: ['v=DMARC1; p=reject'] },
      });
      const after = report({
        findings: findingsWith(
          finding('dmarc.no-reports', 'fail', 'Low', 'email-dmarc'),
          finding('dmarc.policy-none', 'fail', 'High', 'email-dmarc'),
        ),
        observed: { dmarc: ['v=DMARC1; p=none'] },
      });
      expect(changesBetween(before, after)).toEqual([
        expect.objectContaining({
          kind: 'record-changed',
          direction: 'worse',
          taskId: 'email-dmarc',
        }),
      ]);
    });
  });

  it('reports a renewed certificate as better, with the check it fixed folded in', () => {
    const expired = report({
      findings: findingsWith(
        finding('certificate.expired', 'fail', 'Critical', 'web-tls-certificate'),
      ),
      observed: {
        certificate: {
          ...(OBSERVED.certificate as NonNullable<ScanObserved['certificate']>),
          notAfter: '2026-12-01T00:00:00.000Z',
        },
      },
    });
    expect(changesBetween(expired, report())).toEqual([
      {
        kind: 'certificate-renewed',
        key: 'certificate:www.example.com:20270301T120000Z',
        direction: 'better',
        summary:
          'The certificate of www.example.com was renewed: it is now valid until 1 March 2027.',
        taskId: 'web-tls-certificate',
        before: '2026-12-01T00:00:00.000Z',
        after: '2027-03-01T12:00:00.000Z',
      },
    ]);
    expect(changesBetween(report(), expired).map((c) => c.kind)).toEqual(['check-worse']);
  });

  describe('keys', () => {
    const keys = (from: ScanReport, to: ScanReport) => changesBetween(from, to).map((c) => c.key);
    const dmarc = (record: string) => report({ observed: { dmarc: [record] } });

    it('are the same for the same new state, whatever it came from', () => {
      expect(keys(dmarc(REJECT), dmarc(NONE))).toEqual(keys(dmarc(QUARANTINE), dmarc(NONE)));
      expect(keys(report(), dmarcWeakened())).toEqual(keys(dmarc(REJECT), dmarc(NONE)));
      const noCsp = report({ observed: { headers: { 'x-content-type-options': 'nosniff' } } });
      const noHsts = report({ observed: { headers: { 'content-security-policy': CSP } } });
      expect(keys(report(), noCsp)).toContain('header:content-security-policy:removed');
      expect(keys(noHsts, noCsp)).toContain('header:content-security-policy:removed');
    });

    it('differ for a different new state of the same subject', () => {
      const [none] = keys(dmarc(REJECT), dmarc(NONE));
      const [quarantine] = keys(dmarc(REJECT), dmarc(QUARANTINE));
      expect(none).not.toEqual(quarantine);
      const [back] = keys(dmarc(NONE), dmarc(REJECT));
      expect(back).not.toEqual(none);
      const subject = (key = '') => key.slice(0, key.lastIndexOf(':'));
      expect(new Set([none, quarantine, back].map(subject))).toEqual(new Set(['record:dmarc']));
    });

    it('are unique within one comparison', () => {
      const everything = report({
        findings: findingsWith(finding('dnssec.signed', 'pass'), finding('caa.missing', 'fail')),
        observed: {
          mx: ['mx.provider.test'],
          ns: ['ns.other.test'],
          spf: [],
          dmarc: [NONE],
          headers: {},
        },
      });
      const before = report({ findings: [...FINDINGS, finding('caa.present', 'pass')] });
      const found = keys(before, everything);
      expect(found.length).toBeGreaterThan(5);
      expect(new Set(found).size).toBe(found.length);
    });
  });
});

describe('certificateExpiry', () => {
  const NOW = new Date('2027-01-01T12:00:00.000Z');
  const DAY = 86_400_000;
  const expiringIn = (days: number) =>
    report({
      observed: {
        certificate: {
          host: 'www.example.com',
          notAfter: new Date(NOW.getTime() + days * DAY).toISOString(),
          names: ['www.example.com'],
          issuer: null,
        },
      },
    });

  it.each([
    [22, null],
    [21, 21],
    [8, 21],
    [7, 7],
    [1, 7],
    [0, 0],
    [-1, 0],
  ] as const)('with %i days left gives the threshold %s', (days, threshold) => {
    expect(certificateExpiry(expiringIn(days), NOW)).toEqual({
      host: 'www.example.com',
      notAfter: new Date(NOW.getTime() + days * DAY).toISOString(),
      daysLeft: days,
      threshold,
    });
  });

  it('rounds part of a day up, so that 0 days left means expired', () => {
    expect(certificateExpiry(expiringIn(0.25), NOW)).toMatchObject({ daysLeft: 1, threshold: 7 });
    expect(certificateExpiry(expiringIn(-0.25), NOW)).toMatchObject({ daysLeft: 0, threshold: 0 });
    expect(certificateExpiry(expiringIn(21.5), NOW)).toMatchObject({
      daysLeft: 22,
      threshold: null,
    });
  });

  it('is null when the scan saw no certificate', () => {
    expect(certificateExpiry(report({ observed: { certificate: null } }), NOW)).toBeNull();
    expect(certificateExpiry(report({ observed: null }), NOW)).toBeNull();
  });

  it('has its thresholds from the furthest to expiry', () => {
    expect(EXPIRY_THRESHOLDS).toEqual([21, 7, 0]);
  });
});
