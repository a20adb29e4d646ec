import type { TaskEvidence } from '@castellan/contract';
import { EVIDENCE_SOURCE_NAMES } from '@castellan/contract/vocabulary';
import { formatRelativeTime } from '../../lib/format-relative-time';

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
