// Proof for the board, the insurer and the auditor: attestations with a trail, readiness views,
// a report to export or share, and the board's page. Constants in assurance-rules.ts.
import { z } from 'zod';
import {
  ATTACHMENT_TYPES,
  ATTESTATION_NOTE_MAX,
  READINESS_ANSWERS,
  READINESS_SETS,
  REATTEST_MONTHS,
  SHARE_MAX_DAYS,
} from './assurance-rules';
import { isoDateTime } from './common';
import { endpoint } from './endpoint';
import { scorePartPoints, taskId } from './tasks';
import { GRADES } from './vocabulary';

export * from './assurance-rules';

/** A file kept as evidence: its own name, type and size. */
export const attachment = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;

/**
 * `POST /api/attachments?name=<file name>` takes the file's bytes as the body, with its content
 * type (PNG, JPEG or PDF, at most ATTACHMENT_MAX_BYTES), and answers 201 with this. Not in the
 * endpoint list (its body is not JSON); `GET /api/attachments/:id` answers the bytes, to the
 * organisation's members only.
 */
export const attachmentResponse = z.object({ attachment });
export type AttachmentResponse = z.infer<typeof attachmentResponse>;

/** One entry of a task's trail: someone stated it is done, when, and what they showed. */
export const attestation = z.object({
  id: z.uuid(),
  at: isoDateTime,
  /** The name of who attested; null when their account is gone. */
  by: z.string().nullable(),
  note: z.string().nullable(),
  attachment: attachment.nullable(),
});
export type Attestation = z.infer<typeof attestation>;

export const attestationNote = z
  .string()
  .trim()
  .max(ATTESTATION_NOTE_MAX, { message: `keep the note to ${ATTESTATION_NOTE_MAX} characters` });

/** `POST /api/tasks/attest`: mark a task done by hand with a note or a file, or attest it again. */
export const attestRequest = z.strictObject({
  taskId,
  note: attestationNote.optional(),
  attachmentId: z.uuid().optional(),
});
export type AttestRequest = z.infer<typeof attestRequest>;

/** `GET /api/tasks/attestations?taskId=`: a task's trail, latest first. */
export const attestationsResponse = z.object({
  trail: z.array(attestation),
  /** How often an administrator asked for the task to be attested again; null: never. */
  reattestMonths: z.union(REATTEST_MONTHS.map((m) => z.literal(m))).nullable(),
  /** When the latest attestation lapses and the task opens again; null when it does not. */
  reattestBy: isoDateTime.nullable(),
});
export type AttestationsResponse = z.infer<typeof attestationsResponse>;

/** `PUT /api/tasks/reattestation` (administrators): ask for the task to be attested every N months. */
export const reattestationRequest = z.strictObject({
  taskId,
  months: z.union(REATTEST_MONTHS.map((m) => z.literal(m))).nullable(),
});
export type ReattestationRequest = z.infer<typeof reattestationRequest>;

/** What stands behind an answer: one task's coverage and the source that showed it. */
export const readinessEvidence = z.object({
  catalogueId: z.string(),
  title: z.string(),
  /** Who showed it: evidence sources' names, or "Marked by hand"; null when nothing has yet. */
  source: z.string().nullable(),
  /** When it was last checked or attested; null when nothing has looked. */
  checkedAt: isoDateTime.nullable(),
  covered: z.number().int(),
  total: z.number().int(),
  /** 'people' for a task each member does, 'organisation' for an administrators' task. */
  unit: z.enum(['people', 'organisation']),
  /** Older than STALE_EVIDENCE_DAYS. */
  stale: z.boolean(),
});
export type ReadinessEvidence = z.infer<typeof readinessEvidence>;

/** A task that would turn the answer into a yes. */
export const readinessTask = z.object({
  catalogueId: z.string(),
  title: z.string(),
  /** The task's own address for the one it is listed for (the administrator's, for an Admin task). */
  taskId: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
});

export const readinessItem = z.object({
  id: z.string(),
  /** The question as an application asks it, or the control's title. */
  text: z.string(),
  answer: z.enum(READINESS_ANSWERS),
  evidence: z.array(readinessEvidence),
  /** Open tasks that would turn the answer into a yes. */
  todo: z.array(readinessTask),
  /** Tasks marked not applicable, with the reasons given. */
  notApplicable: z.array(z.object({ title: z.string(), reason: z.string() })),
});
export type ReadinessItem = z.infer<typeof readinessItem>;

/** `GET /api/readiness/:set` (administrators). */
export const readinessResponse = z.object({
  set: z.enum(READINESS_SETS),
  name: z.string(),
  /** The question set's version (the insurance questions are content with a version). */
  version: z.string(),
  generatedAt: isoDateTime,
  counts: z.record(z.enum(READINESS_ANSWERS), z.number().int()),
  items: z.array(readinessItem),
});
export type ReadinessResponse = z.infer<typeof readinessResponse>;

/** How many people and devices the evidence covers. */
export const reportCoverage = z.object({
  people: z.number().int(),
  /** People whose two-step sign-in a suite confirmed or who marked it done. */
  peopleWithTwoStep: z.number().int(),
  devices: z.number().int(),
  /** Devices that still report (within AGENT_STALE_DAYS, as the devices list counts them). */
  devicesReporting: z.number().int(),
  devicesEncrypted: z.number().int(),
});
export type ReportCoverage = z.infer<typeof reportCoverage>;

/** The report an administrator exports or shares: what it held when it was made. */
export const assuranceReport = z.object({
  organization: z.object({ name: z.string(), domain: z.string() }),
  generatedAt: isoDateTime,
  score: z.object({ value: z.number(), grade: z.enum(GRADES), parts: z.array(scorePartPoints) }),
  readiness: z.array(readinessResponse),
  coverage: reportCoverage,
  staleAfterDays: z.number().int(),
});
export type AssuranceReport = z.infer<typeof assuranceReport>;

/** A share link as its administrators see it; the address is shown once, at creation. */
export const reportShare = z.object({
  id: z.uuid(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  expiresAt: isoDateTime,
  revokedAt: isoDateTime.nullable(),
  opens: z.number().int(),
  lastOpenedAt: isoDateTime.nullable(),
});
export type ReportShare = z.infer<typeof reportShare>;

/** `POST /api/report-shares`: share the report as it is now, for `days` (default 14). */
export const createShareRequest = z.strictObject({
  days: z.number().int().min(1).max(SHARE_MAX_DAYS).optional(),
});
export type CreateShareRequest = z.infer<typeof createShareRequest>;
export const createShareResponse = z.object({ share: reportShare, url: z.string() });
export type CreateShareResponse = z.infer<typeof createShareResponse>;

export const shareToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'is not a share link' });

/** `GET /api/shared-reports/:token`: the shared report, read-only, to anyone with the link. */
export const sharedReportResponse = z.object({
  report: assuranceReport,
  expiresAt: isoDateTime,
});
export type SharedReportResponse = z.infer<typeof sharedReportResponse>;

/** An open risk, in money: how much the expected breach cost falls once it is closed. */
export const boardRisk = z.object({
  id: z.string(),
  title: z.string(),
  amount: z.number(),
  /** The tasks that close it. */
  tasks: z.array(z.object({ catalogueId: z.string(), title: z.string() })),
});
export type BoardRisk = z.infer<typeof boardRisk>;

/** `GET /api/board/risks` (administrators): the three biggest open risks in money. */
export const boardRisksResponse = z.object({
  expectedBreachCost: z.number(),
  risks: z.array(boardRisk),
});
export type BoardRisksResponse = z.infer<typeof boardRisksResponse>;

export const assuranceEndpoints = {
  attestTask: endpoint({
    method: 'POST',
    path: '/tasks/attest',
    access: 'user',
    body: attestRequest,
    response: { 200: attestationsResponse },
    summary: 'Mark a task done by hand with a note or a file, or attest a done task again',
  }),
  getAttestations: endpoint({
    method: 'GET',
    path: '/tasks/attestations',
    access: 'user',
    query: z.strictObject({ taskId }),
    response: { 200: attestationsResponse },
    summary: 'A task’s trail: who stated it is done, when, with what note or file',
  }),
  setReattestation: endpoint({
    method: 'PUT',
    path: '/tasks/reattestation',
    access: 'admin',
    body: reattestationRequest,
    response: { 200: attestationsResponse },
    summary: 'Ask for a task to be attested again every 3, 6 or 12 months (administrators)',
  }),
  getReadiness: endpoint({
    method: 'GET',
    path: '/readiness/:set',
    access: 'admin',
    params: z.strictObject({ set: z.enum(READINESS_SETS) }),
    response: { 200: readinessResponse },
    summary:
      'Each question of a cyber-insurance application, or control of a framework, with its answer and evidence (administrators)',
  }),
  getReport: endpoint({
    method: 'GET',
    path: '/reports/assurance',
    access: 'admin',
    response: { 200: assuranceReport },
    summary:
      'The report to export or share: score, readiness answers and coverage (administrators; also as .pdf and .html)',
  }),
  listReportShares: endpoint({
    method: 'GET',
    path: '/report-shares',
    access: 'admin',
    response: { 200: z.object({ shares: z.array(reportShare) }) },
    summary: 'The report’s share links, with how often each was opened (administrators)',
  }),
  createReportShare: endpoint({
    method: 'POST',
    path: '/report-shares',
    access: 'admin',
    body: createShareRequest,
    response: { 201: createShareResponse },
    summary: 'Share the report as it is now through a link that expires (administrators)',
  }),
  revokeReportShare: endpoint({
    method: 'DELETE',
    path: '/report-shares/:id',
    access: 'admin',
    params: z.strictObject({ id: z.uuid() }),
    response: { 200: z.object({ share: reportShare }) },
    summary: 'End a share link now (administrators)',
  }),
  getSharedReport: endpoint({
    method: 'GET',
    path: '/shared-reports/:token',
    access: 'public',
    params: z.strictObject({ token: shareToken }),
    response: { 200: sharedReportResponse },
    summary: 'A shared report, read-only (also as /pdf); 410 once expired or revoked',
  }),
  getBoardRisks: endpoint({
    method: 'GET',
    path: '/board/risks',
    access: 'admin',
    response: { 200: boardRisksResponse },
    summary: 'The three biggest open risks in money, from the breach-cost model (administrators)',
  }),
};
