import { createHash } from 'node:crypto';

/** How a secret sent to the browser (a session token, a sign-in state) is stored: never as such. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
