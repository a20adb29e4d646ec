import { createHash, randomBytes, randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a code read aloud or typed from a screen stays unambiguous. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_GROUPS = 3;
const GROUP_LENGTH = 4;

/** A one-time enrollment code such as `K7QM-2XHD-9PWA` (about 59 bits). */
export function newEnrollmentCode(): string {
  const groups = Array.from({ length: CODE_GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(
      '',
    ),
  );
  return groups.join('-');
}

/** A code as typed: case, spaces and dashes do not matter. */
export const normalizeEnrollmentCode = (input: string) => input.toUpperCase().replace(/[\s-]/g, '');

/** A device's secret: shown once to the agent, kept only as its hash. */
export const newDeviceToken = () => `cagt_${randomBytes(32).toString('base64url')}`;

/** What the database keeps of a code or token: enough to recognise it, useless to a reader. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The device token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
