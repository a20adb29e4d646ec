import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ALICE, databaseKinds, expectError, INDEX_HTML_MARKER, useTestApp } from '../test/test-app';

const SECRET = 'secret-internal-detail';

describe.each(databaseKinds())('HTTP behaviour on %s', (kind) => {
  const server = useTestApp(kind, {
    seed: true,
    setup: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error(SECRET);
      });
    },
  });

  it('answers JSON on every API call, successful or not', async () => {
    const cookie = await server().signIn(ALICE);
    const calls = [
      { url: '/api/health' },
      { url: '/api/auth/user-data', headers: { cookie } },
      { url: '/api/auth/user-data' },
      { url: '/api/auth/test-users' },
      { url: '/api/organization', headers: { cookie } },
      { url: '/api/docs' },
      { url: '/api/health?x=1' },
      { url: '/api/nothing-here' },
      { method: 'POST' as const, url: '/api/auth/test-login', payload: { email: 'no@x.example' } },
      { method: 'POST' as const, url: '/api/auth/logout', headers: { cookie } },
    ];
    for (const call of calls) {
      const res = await server().inject(call);
      expect(res.headers['content-type'], call.url).toMatch(/^application\/json; charset=utf-8$/);
      expect(() => res.json(), call.url).not.toThrow();
    }
  });

  it('answers 404 JSON for unknown API paths and for non-GET requests elsewhere', async () => {
    for (const url of ['/api', '/api/', '/api/nope', '/api/auth/nope?x=1']) {
      expectError(await server().inject({ url }), 404);
    }
    expectError(await server().inject({ method: 'POST', url: '/tasks' }), 404);
    expectError(await server().inject({ method: 'DELETE', url: '/api/auth/user-data' }), 404);
  });

  it('answers index.html on other GET paths so that deep links load the app', async () => {
    for (const url of ['/', '/tasks', '/risk-analysis/public/example.com', '/test-login?x=1']) {
      const res = await server().inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain(INDEX_HTML_MARKER);
    }
  });

  it('serves a hashed asset with an immutable cache-control', async () => {
    const res = await server().inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.body).toContain('castellan');
  });

  it('answers 404 for an asset that does not exist instead of the app page', async () => {
    const res = await server().inject({ url: '/assets/app-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such file: /assets/app-old999.js' });
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/', '/tasks', '/api/health', '/api/nope']) {
      const res = await server().inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
      expect(csp, url).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
      expect(csp, url).toMatch(/(^|;)\s*object-src 'none'(;|$)/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
    }
    // The Meta popup's pages keep their link to the page that opened them.
    for (const url of ['/facebook-success', '/api/facebook/callback']) {
      const res = await server().inject({ url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
      expect(String(res.headers['content-security-policy']), url).toMatch(/script-src 'self'/);
    }
  });

  it('answers an unexpected error with a 500 that reveals nothing', async () => {
    const res = await server().inject({ url: '/api/test/boom' });
    const message = expectError(res, 500);
    expect(message).not.toContain(SECRET);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toMatch(/stack|\.ts:\d+/);
  });

  it('serves an OpenAPI document that lists the test login', async () => {
    const res = await server().inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/test-login']).toHaveProperty('post');
    expect(doc.paths['/api/auth/user-data']).toHaveProperty('get');
  });
});

describe('without a built web app', () => {
  const server = useTestApp('pglite', {
    // A folder without index.html.
    env: { WEB_DIST_DIR: path.join(inject('webDistDir'), 'assets') },
  });

  it('pages answer 503 JSON saying how to build it; the API still works', async () => {
    expect(expectError(await server().inject({ url: '/tasks' }), 503)).toMatch(/npm run build/);
    expect((await server().inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
