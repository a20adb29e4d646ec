import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyInstance } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { type ApiAnswer, api, apiDelete, apiQuery } from './api';
import { createHttp } from './create-http';

// The app's client sends to a relative /api; here the same client points at a local server.
const client = vi.hoisted(() => ({ http: null as KyInstance | null }));
vi.mock('./http', () => ({
  http: (input: string, options: object) => client.http?.(input, options),
}));

type Seen = { method: string; url: string; body: string; contentType: string | undefined };
let seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        contentType: req.headers['content-type'],
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client.http = createHttp({
    prefixUrl: `http://127.0.0.1:${port}/api`,
    currentPath: () => '/tasks',
    isProtectedPath: () => true,
    onSessionExpired: () => {},
    goHome: () => {},
  }).extend({ retry: 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

describe('the typed API client', () => {
  it('fills path parameters, encoded, and sends the body as JSON', async () => {
    answer = json(200, { id: 'x' });
    await api('PATCH', '/users/:id', { params: { id: 'a/b c' }, body: { role: 'admin' } });
    expect(seen).toEqual([
      {
        method: 'PATCH',
        url: '/api/users/a%2Fb%20c',
        body: '{"role":"admin"}',
        contentType: 'application/json',
      },
    ]);
  });

  it('sends the query as search parameters', async () => {
    answer = json(200, { tasks: [] });
    await expect(api('GET', '/actions', { query: { scope: 'organization' } })).resolves.toEqual({
      tasks: [],
    });
    expect(seen[0]?.url).toBe('/api/actions?scope=organization');
  });

  it('answers undefined for a 429 (no content), and a query keeps what it had', async () => {
    answer = (_req, res) => res.writeHead(429).end();
    const steps = [{ routePath: '/dashboard', elementId: null }];
    await expect(api('POST', '/tours/main', { body: { steps } })).resolves.toBeUndefined();
    const cached = { score: 1 };
    const fetchScore = apiQuery('/get-score');
    const context = {
      client: { getQueryData: () => cached },
      queryKey: ['score'],
      signal: new AbortController().signal,
    } as unknown as Parameters<typeof fetchScore>[0];
    await expect(fetchScore(context)).resolves.toBe(cached);
  });

  it('counts the 404 of a retried DELETE as done before', async () => {
    answer = json(404, { error: 'There is no member with that id.' });
    await expect(apiDelete('/users/:id', { params: { id: '1' } })).resolves.toBe('already-gone');
    answer = json(200, { removed: true });
    await expect(apiDelete('/users/:id', { params: { id: '1' } })).resolves.toBe('done');
  });

  it('takes its types from the endpoint declarations', () => {
    expectTypeOf<ApiAnswer<'GET', '/get-score'>>().toHaveProperty('grade');
    const never = () => {
      // @ts-expect-error — no such endpoint is declared
      void api('GET', '/no-such-endpoint');
      // @ts-expect-error — the path needs its :id
      void api('DELETE', '/users/:id');
      // @ts-expect-error — the body must be the declared shape
      void api('POST', '/mark-action-complete', { body: { task: 'x' } });
    };
    expect(never).toBeTypeOf('function');
  });
});
