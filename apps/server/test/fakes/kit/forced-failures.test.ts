import { describe, expect, it } from 'vitest';
import { forcedFailures } from './forced-failures';

describe('kit forcedFailures', () => {
  it('fails the next `times` requests under the prefix, then answers again', () => {
    const failures = forcedFailures<number>();
    failures.add('/v1/users', 429, { times: 2 });
    expect(failures.take('/v1/groups')).toBeNull();
    expect(failures.take('/v1/users')).toBe(429);
    expect(failures.take('/v1/users/42')).toBe(429);
    expect(failures.take('/v1/users')).toBeNull();
  });

  it('answers `after` matching requests normally first', () => {
    const failures = forcedFailures<number>();
    failures.add('/v1', 503, { after: 1 });
    expect(failures.take('/v1/a')).toBeNull();
    expect(failures.take('/v1/a')).toBe(503);
    expect(failures.take('/v1/a')).toBeNull();
  });

  it('takes the failures in the order asked, and forgets them all on clear', () => {
    const failures = forcedFailures<{ status: number }>();
    failures.add('/v1', { status: 500 });
    failures.add('/v1', { status: 503 });
    expect(failures.take('/v1/x')).toEqual({ status: 500 });
    expect(failures.take('/v1/x')).toEqual({ status: 503 });
    failures.add('/v1', { status: 500 }, { times: 5 });
    failures.clear();
    expect(failures.take('/v1/x')).toBeNull();
  });
});
