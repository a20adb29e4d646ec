import { z } from 'zod';
import { isoDateTime } from './common';
import { parsePublicDomain } from './domain';
import { GRADES, SEVERITIES } from './vocabulary';

/** A domain a person may ask us to scan, normalised by `parsePublicDomain`. */
export const publicDomain = z.string().transform((input, ctx) => {
  const parsed = parsePublicDomain(input);
  if (parsed.ok) return parsed.domain;
  ctx.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});
export type PublicDomain = z.output<typeof publicDomain>;

/** The parts of a domain report, each scored out of 100. */
export const SCAN_AREAS = [
  'email-authentication',
  'email-transport',
  'dns',
  'web-tls',
  'web-headers',
] as const;
export type ScanArea = (typeof SCAN_AREAS)[number];

export const SCAN_AREA_TITLES: Record<ScanArea, string> = {
  'email-authentication': 'E-mail authentication',
  'email-transport': 'E-mail transport security',
  dns: 'DNS security',
  'web-tls': 'Website encryption',
  'web-headers': 'Website security settings',
};

/**
 * `pass`: the check found what it looks for. `fail`: a problem, weighed by its severity.
 * `info`: worth knowing, never counted. `not-tested`: the check could not run (a timeout, a
 * blocked port, nothing to test); it counts neither for nor against the domain.
 */
export const FINDING_STATUSES = ['pass', 'fail', 'info', 'not-tested'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const scanFinding = z.object({
  /** Stable id of the outcome, `<check>.<outcome>`, e.g. `spf.too-many-lookups`. */
  id: z.string(),
  /** The check that produced it, e.g. `spf`. */
  check: z.string(),
  area: z.enum(SCAN_AREAS),
  status: z.enum(FINDING_STATUSES),
  severity: z.enum(SEVERITIES),
  title: z.string(),
  /** What the scanner saw (a record, a header, an error). */
  evidence: z.string(),
  /** What to do, in plain language; null when nothing needs doing. */
  recommendation: z.string().nullable(),
  /** The catalogue task that fixes it, if there is one. */
  taskId: z.string().nullable(),
});
export type ScanFinding = z.infer<typeof scanFinding>;

export const areaScore = z.object({
  area: z.enum(SCAN_AREAS),
  title: z.string(),
  /** 0–100; null when none of the area's checks could run. */
  score: z.number().int().min(0).max(100).nullable(),
  checksTested: z.number().int().min(0),
  checksNotTested: z.number().int().min(0),
});
export type AreaScore = z.infer<typeof areaScore>;

export const gradeCap = z.object({
  grade: z.enum(GRADES),
  /** The finding that caps the grade. */
  findingId: z.string(),
  reason: z.string(),
});
export type GradeCap = z.infer<typeof gradeCap>;

/** The website's response headers kept in `observed.headers`: the security headers. */
export const OBSERVED_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
] as const;
export type ObservedHeader = (typeof OBSERVED_HEADERS)[number];

/**
 * What a scan saw, as facts rather than verdicts, so that two scans of a domain can be compared.
 * Host names are lower-case, without a trailing dot, sorted; records are as published with runs
 * of white space turned into one space, sorted. In the lists, `[]` means the look-up found none
 * and `null` that it could not be looked at (a failed look-up, or the scan's time limit ran out
 * first): compare a field only when neither side is null.
 */
export const scanObserved = z.object({
  /**
   * The certificate the website's host presented (trusted or not, expired or not). Null when no
   * certificate was seen: no website, no TLS connection, or none before the time limit.
   */
  certificate: z
    .object({
      /** The host the certificate was fetched from (the report's `webHost`). */
      host: z.string(),
      notAfter: isoDateTime,
      /** The DNS names it covers (its subject alternative names, else its common name). */
      names: z.array(z.string()),
      /** The issuer's organisation, else its common name; null when it names neither. */
      issuer: z.string().nullable(),
    })
    .nullable(),
  /** Mail servers (MX host names); a null MX ("no mail", RFC 7505) is listed as ".". */
  mx: z.array(z.string()).nullable(),
  /** The domain's TXT records starting with "v=spf1" (more than one is a fault). */
  spf: z.array(z.string()).nullable(),
  /** The DMARC records that apply: at _dmarc.<domain>, else at the organisational domain. */
  dmarc: z.array(z.string()).nullable(),
  /**
   * DKIM selectors publishing a key, among the common selectors the scanner tries (revoked keys
   * left out). Null also when they were not probed (a domain that sends no mail) or when any one
   * of them could not be looked up.
   */
  dkimSelectors: z.array(z.string()).nullable(),
  /** Name servers (NS host names) of the domain itself; `[]` for a name that is not a zone. */
  ns: z.array(z.string()).nullable(),
  /**
   * The `OBSERVED_HEADERS` of the website's final HTTPS answer to `https://<webHost>/`, by
   * lower-case name; a header not sent has no key. Null when no HTTPS answer was seen: no
   * website, the request failed, or none before the time limit.
   */
  headers: z.record(z.string(), z.string()).nullable(),
});
export type ScanObserved = z.infer<typeof scanObserved>;

export const scanReport = z.object({
  domain: z.string(),
  /** The host whose website was tested (the domain or its www name), null if it has none. */
  webHost: z.string().nullable(),
  scannedAt: isoDateTime,
  durationMs: z.number().int().min(0),
  /** 0–100; null when nothing could be tested. */
  score: z.number().int().min(0).max(100).nullable(),
  grade: z.enum(GRADES).nullable(),
  /** The caps that lowered the grade below what the score alone gives. */
  caps: z.array(gradeCap),
  areas: z.array(areaScore),
  findings: z.array(scanFinding),
  /** The facts the findings were drawn from; reports stored before they were kept lack them. */
  observed: scanObserved.optional(),
});
export type ScanReport = z.infer<typeof scanReport>;
