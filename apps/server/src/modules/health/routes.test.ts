import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, expectError, useTestApp } from '../../../test/test-app';

describe.each(databaseKinds())('GET /api/health on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });

  it('answers 200 when the database answers', async () => {
    const res = await server().inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  // Closes the database: keep this test last.
  it('answers 503 once the database is gone, and other calls a 503 without internals', async () => {
    const cookie = await server().signIn(ALICE);
    await server().database.close();
    expectError(await server().inject({ url: '/api/health' }), 503);
    const res = await server().inject({ url: '/api/auth/user-data', headers: { cookie } });
    const error = expectError(res, 503);
    expect(res.headers['retry-after']).toBe('5');
    expect(error).toBe('The database is not answering; try again in a moment.');
  });
});
