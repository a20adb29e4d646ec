// The checks a scan runs, with the area each one scores in and the catalogue task that fixes
// it, and the helpers every check uses to word its findings.
import type { ScanArea, ScanFinding } from '@castellan/contract';
import type { Severity } from '@castellan/contract/vocabulary';

type CheckInfo = { area: ScanArea; title: string; taskId: string | null };

export const CHECKS = {
  mx: { area: 'email-transport', title: 'Mail servers (MX)', taskId: 'email-mx-records' },
  spf: { area: 'email-authentication', title: 'SPF', taskId: 'email-spf' },
  dmarc: { area: 'email-authentication', title: 'DMARC', taskId: 'email-dmarc' },
  dkim: { area: 'email-authentication', title: 'DKIM', taskId: 'email-dkim' },
  starttls: {
    area: 'email-transport',
    title: 'STARTTLS on mail servers',
    taskId: 'email-starttls',
  },
  'mta-sts': { area: 'email-transport', title: 'MTA-STS', taskId: 'email-mta-sts' },
  'tls-rpt': { area: 'email-transport', title: 'TLS reporting (TLS-RPT)', taskId: 'email-tls-rpt' },
  dnssec: { area: 'dns', title: 'DNSSEC', taskId: 'dns-dnssec' },
  caa: { area: 'dns', title: 'CAA', taskId: 'dns-caa' },
  https: { area: 'web-tls', title: 'HTTPS', taskId: 'web-tls-certificate' },
  'http-redirect': {
    area: 'web-tls',
    title: 'Redirect from HTTP to HTTPS',
    taskId: 'web-https-redirect',
  },
  'tls-versions': { area: 'web-tls', title: 'TLS versions', taskId: 'web-tls-certificate' },
  certificate: { area: 'web-tls', title: 'Certificate', taskId: 'web-tls-certificate' },
  hsts: { area: 'web-tls', title: 'HSTS', taskId: 'web-hsts' },
  csp: { area: 'web-headers', title: 'Content-Security-Policy', taskId: 'web-security-headers' },
  'content-type-options': {
    area: 'web-headers',
    title: 'X-Content-Type-Options',
    taskId: 'web-security-headers',
  },
  framing: { area: 'web-headers', title: 'Framing protection', taskId: 'web-security-headers' },
  'referrer-policy': {
    area: 'web-headers',
    title: 'Referrer-Policy',
    taskId: 'web-security-headers',
  },
  cookies: { area: 'web-headers', title: 'Cookie flags', taskId: 'web-security-headers' },
  cors: { area: 'web-headers', title: 'CORS', taskId: 'web-security-headers' },
  'security-txt': { area: 'web-headers', title: 'security.txt', taskId: 'web-security-txt' },
} as const satisfies Record<string, CheckInfo>;

export type CheckId = keyof typeof CHECKS;
export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

/**
 * The checks of a website and its certificate: what a scan of a name under a domain runs (its
 * mail, DNS and security.txt are the domain's own).
 */
export const WEB_CHECK_IDS: readonly CheckId[] = CHECK_IDS.filter(
  (id) =>
    (CHECKS[id].area === 'web-tls' || CHECKS[id].area === 'web-headers') && id !== 'security-txt',
);

/** The catalogue task that fixes what a finding found: its own, else its check's. */
export const findingTaskId = (f: Pick<ScanFinding, 'taskId' | 'check'>): string | null =>
  f.taskId ?? CHECKS[f.check as CheckId]?.taskId ?? null;

type Wording = { title: string; evidence: string };

const make = (
  check: CheckId,
  outcome: string,
  status: ScanFinding['status'],
  severity: Severity,
  wording: Wording,
  recommendation: string | null,
): ScanFinding => ({
  id: `${check}.${outcome}`,
  check,
  area: CHECKS[check].area,
  status,
  severity,
  title: wording.title,
  evidence: wording.evidence,
  recommendation,
  taskId: status === 'fail' ? CHECKS[check].taskId : null,
});

export const pass = (check: CheckId, outcome: string, wording: Wording): ScanFinding =>
  make(check, outcome, 'pass', 'Info', wording, null);

export const fail = (
  check: CheckId,
  outcome: string,
  severity: Severity,
  wording: Wording & { recommendation: string },
): ScanFinding => make(check, outcome, 'fail', severity, wording, wording.recommendation);

export const info = (
  check: CheckId,
  outcome: string,
  wording: Wording & { recommendation?: string },
): ScanFinding => make(check, outcome, 'info', 'Info', wording, wording.recommendation ?? null);

export const notTested = (check: CheckId, reason: string, outcome = 'not-tested'): ScanFinding =>
  make(
    check,
    outcome,
    'not-tested',
    'Info',
    { title: `${CHECKS[check].title} could not be tested`, evidence: reason },
    null,
  );

/** Quotes a record or header for evidence, cut to a readable length. */
export const quote = (text: string, max = 300): string =>
  `"${text.length > max ? `${text.slice(0, max)}…` : text}"`;
