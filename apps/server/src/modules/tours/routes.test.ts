import { describe, expect, it } from 'vitest';
import { ALICE, BEN, databaseKinds, expectError, useTestApp } from '../../../test/test-app';

/** Eight steps, as the web app's admin tour has them. */
const STEPS = [
  { routePath: '/dashboard', elementId: 'welcome' },
  { routePath: '/dashboard', elementId: 'cyberScore' },
  { routePath: '/dashboard', elementId: 'yourProgress' },
  { routePath: '/dashboard', elementId: 'teamProgress' },
  { routePath: '/tasks', elementId: null },
  { routePath: '/users', elementId: 'usersPageHeader' },
  { routePath: '/team-progress', elementId: null },
  { routePath: '/risk-analysis/', elementId: null },
];

describe.each(databaseKinds())('tour state on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie: string,
    payload?: object,
  ) => server().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const start = (cookie: string, steps: object = STEPS) =>
    call('POST', '/api/tours/main', cookie, { steps });

  it('starts, saves, resumes and restarts the main tour of an admin', async () => {
    const cookie = await server().signIn(ALICE);
    expect((await call('GET', '/api/tours', cookie)).json()).toEqual([]);

    const started = await start(cookie);
    expect(started.json()).toEqual({ tourType: 'main', status: 'started', currentStepId: 0 });

    const saved = await call('PUT', '/api/tours/main', cookie, {
      currentStepId: 3,
      status: 'continue_later',
    });
    expect(saved.json()).toEqual({ tourType: 'main', status: 'continue_later', currentStepId: 3 });
    expect((await call('GET', '/api/tours', cookie)).json()).toEqual([saved.json()]);

    // Resuming keeps the step; a completed tour starts over.
    expect((await start(cookie)).json()).toMatchObject({ status: 'started', currentStepId: 3 });
    await call('PUT', '/api/tours/main', cookie, { currentStepId: 7, status: 'completed' });
    expect((await start(cookie)).json()).toMatchObject({ status: 'started', currentStepId: 0 });

    // A tour that has fewer steps now starts again at its first.
    await call('PUT', '/api/tours/main', cookie, { currentStepId: 6, status: 'dismissed' });
    expect((await start(cookie, STEPS.slice(0, 4))).json()).toMatchObject({ currentStepId: 0 });
  });

  it('refuses an empty or invalid step list, and a step the tour does not have', async () => {
    const cookie = await server().signIn(ALICE);
    expect(expectError(await start(cookie, []), 400)).toMatch(/at least one step/);
    expectError(await call('POST', '/api/tours/main', cookie), 400);
    expectError(await call('POST', '/api/tours/main', cookie, {}), 400);
    expect(
      expectError(await start(cookie, [{ routePath: 'dashboard', elementId: null }]), 400),
    ).toMatch(/app path/);
    expectError(await start(cookie, [{ routePath: '/x', elementId: '<script>' }]), 400);
    expectError(await start(cookie, [{ routePath: '/x' }]), 400);
    expectError(await start(cookie, [{ routePath: '/x', elementId: null, extra: 1 }]), 400);
    expectError(await start(cookie, Array(51).fill(STEPS[0])), 400);

    await start(cookie);
    expect(
      expectError(
        await call('PUT', '/api/tours/main', cookie, { currentStepId: 8, status: 'started' }),
        400,
      ),
    ).toMatch(/0 to 7/);
    // Nothing was lost: the tour is where it was.
    expect((await call('GET', '/api/tours', cookie)).json()).toEqual([
      { tourType: 'main', status: 'started', currentStepId: 0 },
    ]);
  });

  it('refuses members (403), anonymous callers (401) and bad states (400)', async () => {
    expectError(await start(await server().signIn(BEN)), 403);
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
