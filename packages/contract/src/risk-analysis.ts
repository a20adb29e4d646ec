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
});
export type ScanReport = z.infer<typeof scanReport>;
