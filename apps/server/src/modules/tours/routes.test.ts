import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';

describe.each(databaseKinds())('tour state on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: object,
  ) => server().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('starts, saves, resumes and restarts the main tour of an admin', async () => {
    const cookie = await server().signIn(ALICE);
    expect((await call('GET', '/api/tours', cookie)).json()).toEqual([]);

    const started = await call('POST', '/api/tours/main', cookie);
    expect(started.json()).toEqual({ tourType: 'main', status: 'started', currentStepId: 0 });

    const saved = await call('PUT', '/api/tours/main', cookie, {
      currentStepId: 3,
      status: 'continue_later',
    });
    expect(saved.json()).toEqual({ tourType: 'main', status: 'continue_later', currentStepId: 3 });
    expect((await call('GET', '/api/tours', cookie)).json()).toEqual([saved.json()]);

    // Resuming keeps the step; a completed tour starts over.
    expect((await call('POST', '/api/tours/main', cookie)).json()).toMatchObject({
      status: 'started',
      currentStepId: 3,
    });
    await call('PUT', '/api/tours/main', cookie, { currentStepId: 7, status: 'completed' });
    expect((await call('POST', '/api/tours/main', cookie)).json()).toMatchObject({
      status: 'started',
      currentStepId: 0,
    });
  });

  it('refuses members (403), anonymous callers (401) and bad states (400)', async () => {
    expectError(await call('POST', '/api/tours/main', await server().signIn(BEN)), 403);
    expectError(await server().inject({ url: '/api/tours' }), 401);
    const cookie = await server().signIn(ALICE);
    expectError(
      await call('PUT', '/api/tours/main', cookie, { currentStepId: -1, status: 'started' }),
      400,
    );
    expectError(
      await call('PUT', '/api/tours/main', cookie, { currentStepId: 1, status: 'paused' }),
      400,
    );
  });
});
