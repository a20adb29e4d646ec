import { describe, expect, it } from 'vitest';
import { ENABLE_MFA_FAILED, enableMfaFailure } from './meta-api';

const failure = (body: unknown) => ({
  response: new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 409,
    headers: { 'content-type': 'application/json' },
  }),
});

describe('enabling Facebook MFA: the failure message (spec §8)', () => {
  it('is the server’s message field, else its error field', async () => {
    expect(await enableMfaFailure(failure({ message: 'Meta said no.', error: 'x' }))).toBe(
      'Meta said no.',
    );
    expect(await enableMfaFailure(failure({ error: 'Only admins can.' }))).toBe('Only admins can.');
  });

  it('is "Failed to enable Facebook MFA" without either, or without an answer', async () => {
    expect(await enableMfaFailure(failure({}))).toBe(ENABLE_MFA_FAILED);
    expect(await enableMfaFailure(failure('not json'))).toBe(ENABLE_MFA_FAILED);
    expect(await enableMfaFailure(new TypeError('Failed to fetch'))).toBe(ENABLE_MFA_FAILED);
    expect(ENABLE_MFA_FAILED).toBe('Failed to enable Facebook MFA');
  });
});
