import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_ERRORS,
  signatureHeader,
  stripeSignature,
  verifyStripeSignature,
} from './webhook-signature';

const SECRET = 'whsec_castellan_test';
const PAYLOAD = '{\n  "id": "evt_1",\n  "object": "event"\n}';
const T = 1_767_225_600;
const NOW = T * 1000;
const verify = (header: string | undefined, o: { payload?: string; nowMs?: number } = {}) =>
  verifyStripeSignature({
    payload: o.payload ?? PAYLOAD,
    header,
    secret: SECRET,
    nowMs: o.nowMs ?? NOW,
  });
const refused = (error: string) => ({ ok: false, error });

describe('verifyStripeSignature', () => {
  it('signs HMAC-SHA256 of "<t>.<raw body>" keyed with the whole whsec_ secret, in hex', () => {
    const expected = createHmac('sha256', 'whsec_castellan_test')
      .update(`${T}.${PAYLOAD}`)
      .digest('hex');
    expect(stripeSignature(SECRET, T, PAYLOAD)).toBe(expected);
    expect(signatureHeader(SECRET, T, PAYLOAD)).toBe(`t=${T},v1=${expected}`);
  });

  it('accepts a delivery signed with the secret', () => {
    expect(verify(signatureHeader(SECRET, T, PAYLOAD))).toEqual({ ok: true });
  });

  it('refuses a missing or empty header, and an empty payload', () => {
    expect(verify(undefined)).toEqual(refused(SIGNATURE_ERRORS.noHeader));
    expect(verify('')).toEqual(refused(SIGNATURE_ERRORS.noHeader));
    expect(verify(signatureHeader(SECRET, T, ''), { payload: '' })).toEqual(
      refused(SIGNATURE_ERRORS.noPayload),
    );
  });

  it('refuses a header without a timestamp, or with one that is not a number', () => {
    const v1 = stripeSignature(SECRET, T, PAYLOAD);
    expect(verify(`v1=${v1}`)).toEqual(refused(SIGNATURE_ERRORS.unparsable));
    expect(verify(`t=soon,v1=${v1}`)).toEqual(refused(SIGNATURE_ERRORS.unparsable));
    expect(verify('garbage')).toEqual(refused(SIGNATURE_ERRORS.unparsable));
  });

  it('refuses a header without a v1 signature; a v0 one does not count', () => {
    const v1 = stripeSignature(SECRET, T, PAYLOAD);
    expect(verify(`t=${T}`)).toEqual(refused(SIGNATURE_ERRORS.noScheme));
    expect(verify(`t=${T},v0=${v1}`)).toEqual(refused(SIGNATURE_ERRORS.noScheme));
  });

  it('accepts when any of several v1 signatures matches (a secret being rolled)', () => {
    const good = stripeSignature(SECRET, T, PAYLOAD);
    const old = stripeSignature('whsec_old', T, PAYLOAD);
    expect(verify(`t=${T},v1=${old},v1=${good},v0=abc`)).toEqual({ ok: true });
    expect(verify(`t=${T},v1=${old}`)).toEqual(refused(SIGNATURE_ERRORS.noMatch));
  });

  it('refuses a wrong signature: another secret, another body, another timestamp, a cut one', () => {
    const good = stripeSignature(SECRET, T, PAYLOAD);
    expect(verify(signatureHeader('whsec_other', T, PAYLOAD))).toEqual(
      refused(SIGNATURE_ERRORS.noMatch),
    );
    // The same event re-serialised is not the raw body that was signed.
    const reserialised = JSON.stringify(JSON.parse(PAYLOAD));
    expect(verify(signatureHeader(SECRET, T, PAYLOAD), { payload: reserialised })).toEqual(
      refused(SIGNATURE_ERRORS.noMatch),
    );
    expect(verify(`t=${T + 1},v1=${good}`)).toEqual(refused(SIGNATURE_ERRORS.noMatch));
    expect(verify(`t=${T},v1=${good.slice(0, -1)}`)).toEqual(refused(SIGNATURE_ERRORS.noMatch));
    expect(verify(`t=${T},v1=${good.toUpperCase()}`)).toEqual(refused(SIGNATURE_ERRORS.noMatch));
  });

  it('refuses a signed delivery more than 300 s old, and accepts one exactly 300 s old', () => {
    const header = signatureHeader(SECRET, T, PAYLOAD);
    expect(verify(header, { nowMs: (T + 300) * 1000 + 999 })).toEqual({ ok: true });
    expect(verify(header, { nowMs: (T + 301) * 1000 })).toEqual(refused(SIGNATURE_ERRORS.tooOld));
  });

  it('checks the signature before the age: an old forged delivery is a wrong signature', () => {
    expect(
      verify(signatureHeader('whsec_other', T, PAYLOAD), { nowMs: (T + 3600) * 1000 }),
    ).toEqual(refused(SIGNATURE_ERRORS.noMatch));
  });

  it('accepts timestamps in the future, as stripe-node does', () => {
    expect(verify(signatureHeader(SECRET, T + 3600, PAYLOAD))).toEqual({ ok: true });
  });

  it('turns the age check off with a tolerance of 0', () => {
    const header = signatureHeader(SECRET, T, PAYLOAD);
    expect(
      verifyStripeSignature({
        payload: PAYLOAD,
        header,
        secret: SECRET,
        nowMs: (T + 86_400) * 1000,
        toleranceS: 0,
      }),
    ).toEqual({ ok: true });
  });
});
