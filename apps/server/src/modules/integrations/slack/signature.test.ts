import { describe, expect, it } from 'vitest';
import { slackSignature, verifySlackSignature } from './signature';

const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const BODY = 'payload=%7B%22type%22%3A%22block_actions%22%7D';
const NOW = 1_800_000_000_000;
const ts = String(NOW / 1000);

describe('Slack request signatures', () => {
  const verify = (p: Partial<Parameters<typeof verifySlackSignature>[0]>) =>
    verifySlackSignature({
      rawBody: BODY,
      timestamp: ts,
      signature: slackSignature(SECRET, ts, BODY),
      secret: SECRET,
      nowMs: NOW,
      ...p,
    });

  it('accepts the HMAC of v0:<timestamp>:<body> within five minutes', () => {
    expect(verify({})).toEqual({ ok: true });
    expect(verify({ nowMs: NOW + 299_000 })).toEqual({ ok: true });
  });

  it('refuses another body, secret or version, a stale timestamp and missing headers', () => {
    expect(verify({ rawBody: `${BODY}x` }).ok).toBe(false);
    expect(verify({ secret: 'another' }).ok).toBe(false);
    expect(verify({ signature: slackSignature(SECRET, ts, BODY).replace('v0=', 'v1=') }).ok).toBe(
      false,
    );
    expect(verify({ nowMs: NOW + 301_000 })).toEqual({
      ok: false,
      error: 'The request is too old: its Slack timestamp is over five minutes away.',
    });
    expect(verify({ timestamp: undefined }).ok).toBe(false);
    expect(verify({ signature: 'v0=abc' }).ok).toBe(false);
  });
});
