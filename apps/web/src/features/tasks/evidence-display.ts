import type { EvidenceSource, TaskEvidence } from '@castellan/contract';
import { formatRelativeTime } from '../../lib/format-relative-time';

/**
 * The contract's EVIDENCE_SOURCE_NAMES, which sit beside zod schemas that must stay out of the
 * page; task-logic.test.ts holds the two to the same names.
 */
export const EVIDENCE_SOURCE_NAMES: Record<EvidenceSource, string> = {
  'domain-scan': 'Domain scan',
  gws: 'Google Workspace',
  m365: 'Microsoft 365',
  meta: 'Meta',
  agent: 'Endpoint agent',
};

/**
 * What an automatic check said, in one line: "Checked by Google Workspace, 2 h ago" when it
 * passed, "Google Workspace found this is not done yet" when it did not.
 */
export function evidenceSummary(evidence: TaskEvidence, now: Date = new Date()): string {
  const source = EVIDENCE_SOURCE_NAMES[evidence.source];
  return evidence.verdict === 'pass'
    ? `Checked by ${source}, ${formatRelativeTime(evidence.checkedAt, now)}`
    : `${source} found this is not done yet`;
}
