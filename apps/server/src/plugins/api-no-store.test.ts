import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, useTestApp } from '../../test/test-app';

describe.each(databaseKinds())('Cache-Control of API answers on %s', (kind) => {
  const server = useTestApp(kind, {
    seed: true,
    setup: (app) => {
      app.get('/api/test-cacheable', async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=60').send({ ok: true }),
      );
    },
  });

  it('is no-store for signed-in answers, errors and public calls alike', async () => {
    const cookie = await server().signIn(ALICE);
    const answers = [
      await server().inject({ url: '/api/auth/user-data', headers: { cookie } }),
      await server().inject({ url: '/api/auth/sessions', headers: { cookie } }),
      await server().inject({ url: '/api/organization', headers: { cookie } }),
      await server().inject({ url: '/api/auth/user-data' }),
      await server().inject({ url: '/api/health' }),
      await server().inject({ url: '/api/no-such-call' }),
      await server().inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
    }
  });

  it('is no-store however the path is encoded, as the route that answered decides', async () => {
    const cookie = await server().signIn(ALICE);
    for (const url of ['/%61pi/auth/user-data', '/api/auth/%75ser-data', '/%61pi/auth/sessions']) {
      const res = await server().inject({ url, headers: { cookie } });
      expect(res.headers['cache-control'], `${url}: ${res.statusCode}`).toBe('no-store');
    }
    const answered = await server().inject({ url: '/%61pi/auth/user-data', headers: { cookie } });
    expect(answered.json()).toMatchObject({ email: ALICE });
  });

  it('leaves a route’s own Cache-Control and the web app’s alone', async () => {
    const own = await server().inject({ url: '/api/test-cacheable' });
    expect(own.headers['cache-control']).toBe('public, max-age=60');
    expect((await server().inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await server().inject({ url: '/apis' })).headers['cache-control']).toBe('no-cache');
  });
});
