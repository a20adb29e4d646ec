import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RetryOptions } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createHttp,
  deleteOutcome,
  INVALID_CONTENT_TYPE,
  jsonOrNothing,
  SESSION_EXPIRED_LOG_IN_AGAIN,
  SESSION_EXPIRED_LOGGING_OUT,
  wasRateLimited,
} from './create-http';

const RETRIED_STATUSES = [408, 413, 429, 500, 502, 503, 504];

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

  it('takes 204 as an answer without content', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const answer = await client().http.post('x');
    expect(answer.status).toBe(204);
    expect(wasRateLimited(answer)).toBe(false);
    await expect(jsonOrNothing(client().http.post('x'))).resolves.toBeUndefined();
  });

  it('takes a 429 on a POST as no content: no error, no retry', async () => {
    handler = (_req, res) => {
      res.writeHead(429, { 'retry-after': '0' });
      res.end('slow down');
    };
    await expect(jsonOrNothing(client().http.post('x', { json: {} }))).resolves.toBeUndefined();
    expect(hits).toEqual(['POST /api/x']);
    // Told apart from a real 204 (the logout's "impersonation ended").
    expect(wasRateLimited(await client().http.post('x'))).toBe(true);
  });

  it('retries a GET answered 429 as ky does, then takes the last 429 as no content', async () => {
    handler = (_req, res) => {
      res.writeHead(429, { 'retry-after': '0' });
      res.end();
    };
    await expect(jsonOrNothing(client().http.get('x'))).resolves.toBeUndefined();
    expect(hits).toEqual(['GET /api/x', 'GET /api/x', 'GET /api/x']);

    // A retry that gets an answer returns it.
    hits = [];
    let n = 0;
    handler = (req, res) => {
      if (++n > 1) return json(200, { ok: true })(req, res);
      res.writeHead(429, { 'retry-after': '0' });
      res.end();
    };
    await expect(jsonOrNothing(client().http.get('x'))).resolves.toEqual({ ok: true });
    expect(hits).toHaveLength(2);
  });

  it('takes a DELETE answered 204 as done, a 404 as already gone, and only a 429 given up on as busy', async () => {
    handler = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await expect(deleteOutcome(client().http.delete('x'))).resolves.toBe('done');
    handler = json(200, { ok: true });
    await expect(deleteOutcome(client().http.delete('x'))).resolves.toBe('done');
    handler = json(404, { error: 'gone' });
    await expect(deleteOutcome(client().http.delete('x'))).resolves.toBe('already-gone');
    handler = (_req, res) => {
      res.writeHead(429, { 'retry-after': '0' });
      res.end();
    };
    await expect(deleteOutcome(client().http.delete('x'))).resolves.toBe('busy');
  });

  it("uses an error body's error field as the message", async () => {
    handler = json(400, { error: 'body.email: must be a valid e-mail address' });
    await expect(client().http.post('x', { json: {} })).rejects.toThrow(
      'body.email: must be a valid e-mail address',
    );
  });

  it('retries GET, PUT, HEAD, DELETE and OPTIONS twice on 408/413/429/500/502/503/504, never a POST', async () => {
    // Retry-After: 0 and no back-off keep the test quick; the next test checks the delays.
    const quick = client().http.extend({ retry: { delay: () => 0 } });
    handler = (req, res) => {
      const status = Number(req.url?.split('/').pop());
      res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ error: `answered ${status}` }));
    };
    const send = (method: string, status: number) => quick(`status/${status}`, { method });
    for (const status of RETRIED_STATUSES) {
      for (const method of ['get', 'put', 'head', 'delete', 'options', 'post']) {
        hits = [];
        const answer = send(method, status);
        if (status === 429) await expect(answer).resolves.toMatchObject({ status: 204 });
        else await expect(answer).rejects.toMatchObject({ response: { status } });
        expect(hits, `${method} ${status}`).toHaveLength(method === 'post' ? 1 : 3);
      }
    }
    // Other failures are final at once.
    hits = [];
    await expect(send('get', 404)).rejects.toMatchObject({ response: { status: 404 } });
    expect(hits).toHaveLength(1);
  });

  it('uses ky’s defaults: TRACE retried too, waiting 0.3·2^(n-1) s before retry n', async () => {
    const seen: { retry: RetryOptions; delays: number[] } = { retry: {}, delays: [] };
    const watched = client().http.extend({
      hooks: {
        beforeRetry: [
          ({ options, retryCount }) => {
            seen.retry = options.retry;
            seen.delays.push(options.retry.delay?.(retryCount) ?? Number.NaN);
          },
        ],
      },
    });
    let n = 0;
    handler = (req, res) =>
      (++n < 3 ? json(503, { error: 'busy' }) : json(200, { ok: true }))(req, res);
    await expect(watched.get('x').json()).resolves.toEqual({ ok: true });
    expect(hits).toHaveLength(3);
    expect(seen.delays).toEqual([300, 600]);
    expect(seen.retry).toMatchObject({
      limit: 2,
      methods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
      statusCodes: RETRIED_STATUSES,
    });

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
