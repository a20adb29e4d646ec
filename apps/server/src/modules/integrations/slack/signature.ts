// Slack's request signing (integrations-reference-2 §5.3, as Bolt checks it): `X-Slack-Signature`
// is `v0=` and the hex HMAC-SHA256 of `v0:<X-Slack-Request-Timestamp>:<raw body>` keyed by the
// app's signing secret; a timestamp older than five minutes is a replay.
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_S = 5 * 60;

export type SignatureVerdict = { ok: true } | { ok: false; error: string };

export const slackSignature = (secret: string, timestamp: string, rawBody: string) =>
  `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${rawBody}`, 'utf8').digest('hex')}`;

export function verifySlackSignature(p: {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  secret: string;
  nowMs: number;
}): SignatureVerdict {
  const { timestamp, signature } = p;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) {
    return { ok: false, error: 'The request is not signed by Slack.' };
  }
  // Bolt only refuses old requests; one from the future is refused too (a clock that far off is not Slack's).
  if (Math.abs(Math.floor(p.nowMs / 1000) - Number(timestamp)) > TOLERANCE_S) {
    return {
      ok: false,
      error: 'The request is too old: its Slack timestamp is over five minutes away.',
    };
  }
  const given = /^v0=([0-9a-f]{64})$/.exec(signature)?.[1];
  const expected = slackSignature(p.secret, timestamp, p.rawBody).slice(3);
  if (!given || !timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))) {
    return { ok: false, error: 'The request’s Slack signature does not match.' };
  }
  return { ok: true };
}
