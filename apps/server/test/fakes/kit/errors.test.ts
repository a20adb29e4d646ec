import { describe, expect, it } from 'vitest';
import { errorAnswer } from './errors';

describe('kit errorAnswer', () => {
  it('answers the status with the envelope as it is', () => {
    const envelope = { error: { code: 404, message: 'Not found' } };
    expect(errorAnswer(404, envelope)).toEqual({ status: 404, body: envelope, headers: {} });
  });

  it('says when to come back in Retry-After, in whole seconds as given', () => {
    const answer = errorAnswer(429, { error: 'slow down' }, { retryAfterSeconds: 30 });
    expect(answer.headers).toEqual({ 'retry-after': '30' });
    expect(errorAnswer(503, {}, { retryAfterSeconds: 0 }).headers).toEqual({ 'retry-after': '0' });
  });

  it('keeps the provider’s own headers beside Retry-After', () => {
    const answer = errorAnswer(
      401,
      {},
      { headers: { 'www-authenticate': 'Bearer' }, retryAfterSeconds: 5 },
    );
    expect(answer.headers).toEqual({ 'www-authenticate': 'Bearer', 'retry-after': '5' });
  });
});
