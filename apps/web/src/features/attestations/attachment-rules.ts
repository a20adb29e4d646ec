import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  type AttachmentType,
} from '@castellan/contract/assurance-rules';

/** What each accepted type is called in messages. */
export const ATTACHMENT_TYPE_NAMES: Record<AttachmentType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'application/pdf': 'PDF',
};

/** The file input's `accept`: the types the server takes. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');

const isAttachmentType = (type: string): type is AttachmentType =>
  (ATTACHMENT_TYPES as readonly string[]).includes(type);

/** "820 KB", "4.2 MB", "300 bytes" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Why the server would refuse this file, in words for the person who chose it; null if it will do. */
export function attachmentProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!isAttachmentType(file.type)) {
    return `“${file.name}” is not a PNG, JPEG or PDF file. Choose a screenshot or a PDF.`;
  }
  if (file.size === 0) return `“${file.name}” is empty. Choose another file.`;
  if (file.size > ATTACHMENT_MAX_BYTES) {
    return `“${file.name}” is larger than ${formatBytes(ATTACHMENT_MAX_BYTES)}, the most a file may be. Choose a smaller one.`;
  }
  return null;
}

/** A note and a file to attest with, as typed and chosen; either may be left out. */
export type ProofDraft = { note: string; file: File | null };

export const EMPTY_PROOF: ProofDraft = { note: '', file: null };

/** Whether the draft holds anything to send: a note with words in it, or a file. */
export const hasProof = (draft: ProofDraft) => draft.note.trim() !== '' || draft.file !== null;

/** Why the draft cannot be sent as it is (a file the server would refuse); null when it can. */
export const proofProblem = (draft: ProofDraft) =>
  draft.file ? attachmentProblem(draft.file) : null;
