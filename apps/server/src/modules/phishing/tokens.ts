import { randomBytes } from 'node:crypto';
import { hashToken } from '../../lib/hash-token';

/** A practice link's token: 32 random bytes, 43 characters of base64url. Only its hash is kept. */
export function newPracticeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export { hashToken };
