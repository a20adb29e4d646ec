// Runs every check of a domain scan at once and turns the findings into a report. Checks share
// probes through the scan context, each probe has its own timeout, and the whole scan has a
// deadline after which unfinished checks are reported as not tested.
import { type ScanFinding, type ScanReport, scanReport } from '@castellan/contract';
import { SEVERITIES } from '@castellan/contract/vocabulary';
import { CHECK_IDS, type CheckId, notTested } from './checks';
import { createContext, type ScanContext } from './context';
import { checkDkim } from './dkim-check';
import { checkCaa, checkDnssec } from './dns-checks';
import { normalizeDomain, ScanError } from './domain';
import { checkDmarc, checkSpf } from './email-checks';
import { checkMtaSts, checkStartTls, checkTlsRpt } from './mail-transport-checks';
import { checkMx } from './mx-check';
import { collectObserved } from './observed';
import { type ScannerOverrides, withDefaults } from './options';
import { scoreFindings } from './score';
import { checkCertificate, checkTlsVersions } from './tls-checks';
import {
  checkContentTypeOptions,
  checkCookies,
  checkCors,
  checkCsp,
  checkFraming,
  checkHsts,
  checkHttpRedirect,
  checkHttps,
  checkReferrerPolicy,
  checkSecurityTxt,
} from './web-checks';

type Check = (ctx: ScanContext) => Promise<ScanFinding[]>;

const RUNS: Record<CheckId, Check> = {
  mx: checkMx,
  spf: checkSpf,
  dmarc: checkDmarc,
  dkim: checkDkim,
  starttls: checkStartTls,
  'mta-sts': checkMtaSts,
  'tls-rpt': checkTlsRpt,
  dnssec: checkDnssec,
  caa: checkCaa,
  https: checkHttps,
  'http-redirect': checkHttpRedirect,
  'tls-versions': checkTlsVersions,
  certificate: checkCertificate,
  hsts: checkHsts,
  csp: checkCsp,
  'content-type-options': checkContentTypeOptions,
  framing: checkFraming,
  'referrer-policy': checkReferrerPolicy,
  cookies: checkCookies,
  cors: checkCors,
  'security-txt': checkSecurityTxt,
};

export type ScanProgress = { check: CheckId; done: number; total: number };

const STATUS_ORDER: ScanFinding['status'][] = ['fail', 'info', 'not-tested', 'pass'];

/** Problems first, worst first; then by the order of the checks. */
const byImportance = (a: ScanFinding, b: ScanFinding) =>
  STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
  SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) ||
  CHECK_IDS.indexOf(a.check as CheckId) - CHECK_IDS.indexOf(b.check as CheckId);

/**
 * Scans a domain. Throws `ScanError` when the input is not a public domain name, the domain does
 * not exist (NXDOMAIN) or DNS cannot be reached at all; everything else becomes a finding.
 */
export async function scanDomain(
  input: string,
  overrides: ScannerOverrides = {},
  onProgress?: (progress: ScanProgress) => void,
  onCheckError?: (check: CheckId, error: unknown) => void,
): Promise<ScanReport> {
  const options = withDefaults(overrides);
  const domain = normalizeDomain(input, { allowReserved: options.allowPrivate });
  const started = Date.now();
  const scannedAt = options.now();
  const ctx = createContext(domain, options);
  let timer: NodeJS.Timeout | undefined;
  try {
    const exists = await ctx.dns.a(domain);
    if (exists.kind === 'nxdomain') {
      throw new ScanError('domain-not-found', `${domain} does not exist (no such name in DNS).`);
    }
    if (exists.kind === 'error' && exists.code !== 'ESERVFAIL') {
      throw new ScanError(
        'dns-unavailable',
        `${domain} could not be looked up: ${exists.message}.`,
      );
    }
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), options.timeouts.scanMs);
    });
    // No check reads NS: asked once, beside the checks, for the report's observed facts.
    if (options.checks.length === CHECK_IDS.length) void ctx.dns.ns(domain);
    let done = 0;
    const results = await Promise.all(
      options.checks.map(async (check) => {
        let findings: ScanFinding[];
        try {
          const outcome = await Promise.race([RUNS[check](ctx), deadline]);
          findings =
            outcome === 'deadline'
              ? [
                  notTested(
                    check,
                    `The scan's time limit of ${options.timeouts.scanMs / 1000} s ran out.`,
                    'timed-out',
                  ),
                ]
              : outcome;
        } catch (error) {
          // The report is public: the error's own text goes to the caller's log only.
          onCheckError?.(check, error);
          findings = [notTested(check, 'The check stopped on an unexpected error.', 'error')];
        }
        done += 1;
        try {
          onProgress?.({ check, done, total: options.checks.length });
        } catch {
          // A failing progress listener must not fail the scan.
        }
        return findings;
      }),
    );
    const findings = results.flat().sort(byImportance);
    // After the deadline the web host may still be unknown: do not wait for it.
    const { host } = await Promise.race([ctx.webHost(), Promise.resolve({ host: null })]);
    const observed = await collectObserved(ctx, deadline);
    return scanReport.parse({
      domain,
      webHost: host,
      scannedAt: scannedAt.toISOString(),
      durationMs: Date.now() - started,
      ...scoreFindings(findings),
      findings,
      observed,
    });
  } finally {
    clearTimeout(timer);
    ctx.dns.cancel();
  }
}

export const SCAN_CHECK_COUNT = CHECK_IDS.length;

/**
 * Runs one check alone on a fresh context, after the same existence look-up a scan starts with:
 * the time it takes is that check's own chain of probes. The benchmark compares a whole scan
 * with the slowest of these.
 */
export async function runSingleCheck(
  input: string,
  check: CheckId,
  overrides: ScannerOverrides = {},
): Promise<ScanFinding[]> {
  const options = withDefaults(overrides);
  const ctx = createContext(
    normalizeDomain(input, { allowReserved: options.allowPrivate }),
    options,
  );
  try {
    await ctx.dns.a(ctx.domain);
    return await RUNS[check](ctx);
  } finally {
    ctx.dns.cancel();
  }
}
