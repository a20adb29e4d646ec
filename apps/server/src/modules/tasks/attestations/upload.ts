import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  type AttachmentType,
} from '@castellan/contract/assurance-rules';
import { BadRequestError } from '../../../lib/errors';

/** The first bytes each accepted type starts with: the type a file claims must be the one it is. */
const SIGNATURES: Record<AttachmentType, readonly number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

const EXTENSIONS: Record<AttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

export const isAttachmentType = (type: string): type is AttachmentType =>
  (ATTACHMENT_TYPES as readonly string[]).includes(type);

/** The content type without parameters, lower-case. */
export const bareType = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * A file name safe to keep and to send back in Content-Disposition: the last path segment,
 * without control characters, quotes or backslashes, at most 120 characters; one is made up
 * from the type when nothing is left.
 */
export function fileNameOf(given: string | undefined, type: AttachmentType): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}"\\]/gu, '')
    .trim()
    .slice(0, 120);
  return clean.length > 0 ? clean : `attachment.${EXTENSIONS[type]}`;
}

/** Refuses a file that is empty, too big, of another type, or not what its type says. */
export function checkUpload(bytes: Buffer, type: string): AttachmentType {
  if (!isAttachmentType(type)) {
    throw new BadRequestError('Attach a PNG or JPEG screenshot or a PDF.');
  }
  if (bytes.length === 0) throw new BadRequestError('The file is empty.');
  if (bytes.length > ATTACHMENT_MAX_BYTES) {
    throw new BadRequestError(
      `The file is larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB; attach a smaller one.`,
    );
  }
  const signature = SIGNATURES[type];
  if (!signature.every((byte, i) => bytes[i] === byte)) {
    throw new BadRequestError(`The file is not a real ${EXTENSIONS[type].toUpperCase()}.`);
  }
  return type;
}
