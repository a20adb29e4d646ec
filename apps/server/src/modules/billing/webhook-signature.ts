import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old a signed delivery may be, as in stripe-node: older ones may be replays. */
export const SIGNATURE_TOLERANCE_S = 300;

/** The refusals, worded as stripe-node words them (integrations-reference §4.5). */
export const SIGNATURE_ERRORS = {
  noHeader: 'No stripe-signature header value was provided.',
  noPayload: 'No webhook payload was provided.',
  unparsable: 'Unable to extract timestamp and signatures from header',
  noScheme: 'No signatures found with expected scheme',
  noMatch: 'No signatures found matching the expected signature for payload.',
  tooOld: 'Timestamp outside the tolerance zone',
} as const;

export type SignatureVerdict = { ok: true } | { ok: false; error: string };

/** `hex(HMAC-SHA256(secret, "<t>.<payload>"))`: the `v1` signature of a delivery. */
export function stripeSignature(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** `a === b` in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')];
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a `Stripe-Signature` header (`t=<unix s>,v1=<hex>[,v1=…][,v0=…]`) against the exact raw
 * body, as stripe-node does: any `v1` may match (several during a secret's rollover), `v0` is
 * ignored, a timestamp more than `toleranceS` in the past is refused (0 turns that off) and one in
 * the future is not.
 */
export function verifyStripeSignature(input: {
  payload: string;
  header: string | undefined;
  secret: string;
  nowMs: number;
  toleranceS?: number;
}): SignatureVerdict {
  const { payload, header, secret } = input;
  if (!header) return { ok: false, error: SIGNATURE_ERRORS.noHeader };
  if (!payload) return { ok: false, error: SIGNATURE_ERRORS.noPayload };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [key, value = ''] = item.split('=');
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1') signatures.push(value);
  }
  if (timestamp === null) return { ok: false, error: SIGNATURE_ERRORS.unparsable };
  if (signatures.length === 0) return { ok: false, error: SIGNATURE_ERRORS.noScheme };
  const expected = stripeSignature(secret, timestamp, payload);
  // Every candidate is compared, so the time taken does not tell which one came close.
  const matches = signatures.filter((candidate) => sameText(candidate, expected));
  if (matches.length === 0) return { ok: false, error: SIGNATURE_ERRORS.noMatch };
  const tolerance = input.toleranceS ?? SIGNATURE_TOLERANCE_S;
  const age = Math.floor(input.nowMs / 1000) - timestamp;
  if (tolerance > 0 && age > tolerance) return { ok: false, error: SIGNATURE_ERRORS.tooOld };
  return { ok: true };
}

/** The header Stripe would send for `payload` at `timestamp` (tests and the fake sign with it). */
export const signatureHeader = (secret: string, timestamp: number, payload: string) =>
  `t=${timestamp},v1=${stripeSignature(secret, timestamp, payload)}`;
