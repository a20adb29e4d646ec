import { describe, expect, it } from 'vitest';
import { graphFailure, MetaApiError, TransientFailure } from './meta-api-error';

const answer = (error: Record<string, unknown>, status = 400) => {
  const failure = graphFailure('Meta test', status, { error });
  const retried = failure instanceof TransientFailure;
  const err = failure instanceof TransientFailure ? failure.error : failure;
  return { kind: err.kind, retried, metaMessage: err.metaMessage };
};

describe('graphFailure', () => {
  it.each([
    [{ code: 190, error_subcode: 460 }, 'invalid_token', false],
    [{ code: 102 }, 'invalid_token', false],
    [{ code: 3 }, 'permission_missing', false],
    [{ code: 10 }, 'permission_missing', false],
    [{ code: 299 }, 'permission_missing', false],
    [{ code: 613 }, 'rate_limited', true],
    [{ code: 341 }, 'rate_limited', true],
    [{ code: 2 }, 'unavailable', true],
    [{ code: 2500 }, 'failed', false],
  ])('%o is %s', (error, kind, retried) => {
    expect(answer({ message: 'x', ...error })).toMatchObject({ kind, retried });
  });

  it('reads code 100 by its message', () => {
    const missing =
      "Unsupported get request. Object with ID '1' does not exist, cannot be loaded due to missing permissions, or does not support this operation.";
    expect(answer({ code: 100, message: missing }).kind).toBe('permission_missing');
    expect(answer({ code: 100, message: 'Invalid parameter' }).kind).toBe('failed');
  });

  it('retries a 5xx without a Graph error, and keeps error_user_msg over message', () => {
    const failure = graphFailure('Meta test', 502, null);
    expect(failure).toBeInstanceOf(TransientFailure);
    expect((failure as TransientFailure).error).toMatchObject({ kind: 'unavailable', code: null });
    expect(answer({ code: 10, message: 'm', error_user_msg: 'for a person' }).metaMessage).toBe(
      'for a person',
    );
    expect(answer({ code: 10, message: 'm' }).metaMessage).toBe('m');
    expect(new MetaApiError('failed', 'x', { httpStatus: null }).subcode).toBeNull();
  });
});
