import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link stops. */
export type UnsubscribeKind = 'reminder' | 'digest';

const KINDS: readonly string[] = ['reminder', 'digest'] satisfies UnsubscribeKind[];

/**
 * Signs and checks the tokens of unsubscribe links: `<user id>.<kind>` and its HMAC-SHA256,
 * with a key derived from the server's encryption key, so that a link cannot be guessed or
 * turned into another member's or another kind's.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(encryptionKey: Buffer) {
    this.key = createHmac('sha256', encryptionKey).update('castellan mail unsubscribe').digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  sign(userId: string, kind: UnsubscribeKind): string {
    const payload = `${userId}.${kind}`;
    return `${Buffer.from(payload).toString('base64url')}.${this.mac(payload).toString('base64url')}`;
  }

  /** The member and kind a token names, or null when it was not signed by this server. */
  verify(token: string): { userId: string; kind: UnsubscribeKind } | null {
    const [encoded = '', signature = '', ...rest] = token.split('.');
    if (rest.length > 0) return null;
    const payload = Buffer.from(encoded, 'base64url').toString();
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [userId = '', kind = ''] = payload.split('.');
    if (!/^[0-9a-f-]{36}$/.test(userId) || !KINDS.includes(kind)) return null;
    return { userId, kind: kind as UnsubscribeKind };
  }
}
