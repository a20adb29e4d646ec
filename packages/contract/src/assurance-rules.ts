/**
 * The constants of attestations, readiness and shared reports that the server and the web app
 * both apply. No zod here: the web app's pages import it.
 */

/** What an attachment to an attestation may be: a screenshot or a PDF, by its content type. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** The largest attachment accepted: 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest note an attestation keeps. */
export const ATTESTATION_NOTE_MAX = 1000;
/** Re-attestation periods an administrator can ask for, in months. */
export const REATTEST_MONTHS = [3, 6, 12] as const;
export type ReattestMonths = (typeof REATTEST_MONTHS)[number];

/** The readiness views: a cyber-insurance application and the frameworks already mapped. */
export const READINESS_SETS = ['insurance', 'cis-ig1', 'cyber-essentials'] as const;
export type ReadinessSetId = (typeof READINESS_SETS)[number];
export const READINESS_SET_NAMES: Record<ReadinessSetId, string> = {
  insurance: 'Cyber insurance application',
  'cis-ig1': 'CIS Controls v8 IG1',
  'cyber-essentials': 'Cyber Essentials',
};
export const READINESS_ANSWERS = ['yes', 'partly', 'no', 'unknown'] as const;
export type ReadinessAnswer = (typeof READINESS_ANSWERS)[number];
export const READINESS_ANSWER_NAMES: Record<ReadinessAnswer, string> = {
  yes: 'Yes',
  partly: 'Partly',
  no: 'No',
  unknown: 'Unknown',
};

/** Evidence older than this is marked stale in readiness views and reports. */
export const STALE_EVIDENCE_DAYS = 90;

/** A share link lives this long unless the administrator chooses otherwise. */
export const SHARE_DEFAULT_DAYS = 14;
export const SHARE_MAX_DAYS = 90;
