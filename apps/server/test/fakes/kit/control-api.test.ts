import { describe, expect, it } from 'vitest';
import { failNextControl } from './control-api';

describe('kit failNextControl', () => {
  it('passes the path, the failure and the numbers given on to the fake', () => {
    const calls: unknown[] = [];
    const route = failNextControl('code', (...args) => calls.push(args));
    const answer = route(
      { path: '/v24.0/me', code: 613, times: 2, after: 1, retryAfterSeconds: 'soon' },
      new URLSearchParams(),
    );
    expect(answer.status).toBe(200);
    expect(calls).toEqual([['/v24.0/me', 613, { times: 2, after: 1 }]]);
  });

  it('refuses a request without a path or a failure', () => {
    const route = failNextControl('status', () => {
      throw new Error('not called');
    });
    expect(route({ status: 429 }, new URLSearchParams())).toEqual({
      status: 400,
      body: { error: 'path and status are required' },
    });
    expect(route({ path: '/v1', status: -1 }, new URLSearchParams()).status).toBe(400);
  });
});
