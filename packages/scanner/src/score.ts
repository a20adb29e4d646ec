/**
 * How a domain report is scored
 *
 * 1. Five areas are scored out of 100: E-mail authentication (SPF, DMARC, DKIM), E-mail
 *    transport security (MX, STARTTLS, MTA-STS, TLS-RPT), DNS security (DNSSEC, CAA), Website
 *    encryption (HTTPS, HTTP→HTTPS redirect, TLS versions, certificate, HSTS) and Website
 *    security settings (Content-Security-Policy, X-Content-Type-Options, framing,
 *    Referrer-Policy, cookies, CORS, security.txt).
 * 2. Each area starts at 100 and loses points for every failed finding by its severity:
 *    Critical −40, High −20, Medium −10, Low −5, Info 0; it cannot go below 0.
 * 3. Checks that could not run ("not tested": a timeout, a blocked port 25, a refused address)
 *    and informational findings count neither for nor against the domain. An area none of whose
 *    checks ran has no score and is left out.
 * 4. The overall score is the rounded mean of the scored areas (each area weighs the same, as
 *    in internet.nl), and gives a grade: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, E ≥ 50, F below 50.
 * 5. Outages and critical issues cap the grade (the worst cap wins), as SSL Labs does:
 *    no HTTPS, an expired, untrusted or wrong-name certificate, broken (bogus) DNSSEC, or an SPF
 *    record ending in "+all" → at most D; no TLS 1.2/1.3 → at most C; no SPF and no DMARC at
 *    all → at most C; TLS 1.0/1.1 still accepted → at most B.
 *
 * There are no bonus points. Severities, deductions, bands and caps are our own choices,
 * following the proposal in docs/domain-scan-reference.md §2.5.
 */
import {
  type AreaScore,
  type GradeCap,
  SCAN_AREA_TITLES,
  SCAN_AREAS,
  type ScanFinding,
} from '@castellan/contract';
import { GRADES, type Grade, gradeFor, type Severity } from '@castellan/contract/vocabulary';

export const DEDUCTIONS: Record<Severity, number> = {
  Critical: 40,
  High: 20,
  Medium: 10,
  Low: 5,
  Info: 0,
};

/** Caps that one finding triggers. */
const FINDING_CAPS: Record<string, { grade: Grade; reason: string }> = {
  'https.unavailable': { grade: 'D', reason: 'The website cannot be reached over HTTPS.' },
  'certificate.expired': { grade: 'D', reason: 'The website’s certificate has expired.' },
  'certificate.untrusted': { grade: 'D', reason: 'The website’s certificate is not trusted.' },
  'certificate.name-mismatch': { grade: 'D', reason: 'The certificate is for another name.' },
  'dnssec.bogus': { grade: 'D', reason: 'DNSSEC is broken.' },
  'spf.pass-all': { grade: 'D', reason: 'SPF allows any server to send as the domain.' },
  'tls-versions.no-modern': { grade: 'C', reason: 'The website offers no TLS 1.2 or 1.3.' },
  'tls-versions.legacy': { grade: 'B', reason: 'The website still accepts TLS 1.0 or 1.1.' },
};

export { gradeFor };

const worse = (a: Grade, b: Grade): Grade => (GRADES.indexOf(a) >= GRADES.indexOf(b) ? a : b);

export type Score = {
  score: number | null;
  grade: Grade | null;
  caps: GradeCap[];
  areas: AreaScore[];
};

export function scoreFindings(findings: ScanFinding[]): Score {
  const areas: AreaScore[] = SCAN_AREAS.map((area) => {
    const inArea = findings.filter((f) => f.area === area);
    const checks = new Set(inArea.map((f) => f.check));
    const tested = new Set(
      inArea.filter((f) => f.status === 'pass' || f.status === 'fail').map((f) => f.check),
    );
    const deducted = inArea
      .filter((f) => f.status === 'fail')
      .reduce((sum, f) => sum + DEDUCTIONS[f.severity], 0);
    const notTested = [...checks].filter(
      (check) =>
        !tested.has(check) && inArea.some((f) => f.check === check && f.status === 'not-tested'),
    );
    return {
      area,
      title: SCAN_AREA_TITLES[area],
      score: tested.size > 0 ? Math.max(0, 100 - deducted) : null,
      checksTested: tested.size,
      checksNotTested: notTested.length,
    };
  });
  const scored = areas.map((a) => a.score).filter((s): s is number => s !== null);
  if (scored.length === 0) return { score: null, grade: null, caps: [], areas };
  const score = Math.round(scored.reduce((sum, s) => sum + s, 0) / scored.length);

  const failed = new Set(findings.filter((f) => f.status === 'fail').map((f) => f.id));
  const caps: GradeCap[] = [...failed].flatMap((id) => {
    const cap = FINDING_CAPS[id];
    return cap ? [{ grade: cap.grade, findingId: id, reason: cap.reason }] : [];
  });
  if (failed.has('spf.missing') && failed.has('dmarc.missing')) {
    caps.push({
      grade: 'C',
      findingId: 'dmarc.missing',
      reason: 'The domain has neither SPF nor DMARC, so anyone can send e-mail as it.',
    });
  }
  const banded = gradeFor(score);
  const grade = caps.reduce((g, cap) => worse(g, cap.grade), banded);
  const effective = caps
    .filter((cap) => worse(cap.grade, banded) === cap.grade && cap.grade !== banded)
    .sort((a, b) => GRADES.indexOf(b.grade) - GRADES.indexOf(a.grade));
  return { score, grade, caps: effective, areas };
}
