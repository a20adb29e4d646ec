import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createHttp,
  INVALID_CONTENT_TYPE,
  SESSION_EXPIRED_LOG_IN_AGAIN,
  SESSION_EXPIRED_LOGGING_OUT,
} from './create-http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
let hits: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
});

const json =
  (status: number, body: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

function client(path = '/tasks') {
  const deps = {
    currentPath: () => path,
    isProtectedPath: (p: string) => p !== '/' && p !== '/test-login',
    onSessionExpired: vi.fn(),
    goHome: vi.fn(),
  };
  return { http: createHttp({ prefixUrl: base, ...deps }), ...deps };
}

describe('HTTP client', () => {
  it('prefixes /api and sends a JSON content type', async () => {
    let contentType: string | undefined;
    handler = (req, res) => {
      contentType = req.headers['content-type'];
      json(200, { ok: true })(req, res);
    };
    await expect(client().http.get('health').json()).resolves.toEqual({ ok: true });
    expect(hits).toEqual(['GET /api/health']);
    expect(contentType).toBe('application/json');
  });

  it('refuses an answer that is not JSON', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    };
    await expect(client().http.get('x')).rejects.toThrow(INVALID_CONTENT_TYPE);
    expect(hits).toHaveLength(1);
  });

  it('takes 204 and 429 as answers without content', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(client().http.post('x')).resolves.toMatchObject({ status: 204 });
    handler = (_req, res) => {
      res.writeHead(429);
      res.end('slow down');
    };
    // Not the content-type error: a 429 fails as an HTTP error of its own.
    await expect(client().http.post('x')).rejects.toMatchObject({ name: 'HTTPError' });
  });

  it("uses an error body's error field as the message", async () => {
    handler = json(400, { error: 'body.email: must be a valid e-mail address' });
    await expect(client().http.post('x', { json: {} })).rejects.toThrow(
      'body.email: must be a valid e-mail address',
    );
  });

  it('retries idempotent calls twice on 503 and not POSTs', async () => {
    let n = 0;
    handler = (req, res) =>
      (++n < 3 ? json(503, { error: 'busy' }) : json(200, { ok: true }))(req, res);
    await expect(client().http.get('x').json()).resolves.toEqual({ ok: true });
    expect(hits).toHaveLength(3);

    hits = [];
    handler = json(503, { error: 'busy' });
    await expect(client().http.post('x')).rejects.toThrow('busy');
    expect(hits).toHaveLength(1);
  });

  it('logs out on a 401 on a protected page', async () => {
    handler = json(401, { error: 'You are not signed in.' });
    const c = client('/tasks');
    await expect(c.http.get('actions')).rejects.toThrow('You are not signed in.');
    expect(c.onSessionExpired).toHaveBeenCalledWith(SESSION_EXPIRED_LOGGING_OUT);
  });

  it('sends the user home when the logout itself gets a 401', async () => {
    handler = json(401, { error: 'You are not signed in.' });
    const c = client('/tasks');
    await expect(c.http.post('auth/logout', { context: { isLogout: true } })).rejects.toThrow();
    expect(c.goHome).toHaveBeenCalled();
    expect(c.onSessionExpired).not.toHaveBeenCalled();
  });

  it('raises "please log in again" for a 401 on the start page', async () => {
    handler = json(401, { error: 'You are not signed in.' });
    const c = client('/');
    await expect(c.http.get('organization')).rejects.toThrow(SESSION_EXPIRED_LOG_IN_AGAIN);
    expect(hits).toHaveLength(1);
    expect(c.goHome).not.toHaveBeenCalled();
  });

  it('leaves a 401 alone when the call expects one (the session check)', async () => {
    handler = json(401, { error: 'You are not signed in.' });
    const c = client('/tasks');
    await expect(
      c.http.get('auth/user-data', { context: { expectUnauthorized: true } }),
    ).rejects.toMatchObject({ response: { status: 401 } });
    expect(c.onSessionExpired).not.toHaveBeenCalled();
    expect(c.goHome).not.toHaveBeenCalled();
  });
});
