import type { Attestation } from '@castellan/contract';
import { REATTEST_MONTHS, type ReattestMonths } from '@castellan/contract/assurance-rules';
import { formatDateTime } from '../../lib/format-relative-time';
import { ATTACHMENT_TYPE_NAMES, formatBytes } from './attachment-rules';

/** "Alice Morgan, Mar 4, 2026, 2:05 PM" */
export const attestedBy = (a: Pick<Attestation, 'by' | 'at'>) =>
  `${a.by ?? 'A former member'}, ${formatDateTime(a.at)}`;

/** "(PDF, 120 KB)" */
export const attachmentFacts = (attachment: NonNullable<Attestation['attachment']>) =>
  `(${ATTACHMENT_TYPE_NAMES[attachment.contentType]}, ${formatBytes(attachment.size)})`;

/** The choices of how often to ask for a task to be attested again, as a select's options. */
export const REATTEST_OPTIONS = [
  { value: 'never', label: 'Never' },
  ...REATTEST_MONTHS.map((months) => ({ value: String(months), label: `Every ${months} months` })),
];

/** A select's value for a period, and back. */
export const reattestValue = (months: ReattestMonths | null) =>
  months === null ? 'never' : String(months);
export const reattestMonthsFrom = (value: string): ReattestMonths | null =>
  REATTEST_MONTHS.find((months) => String(months) === value) ?? null;
