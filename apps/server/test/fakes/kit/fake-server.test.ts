import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, send } from './answers';
import { ok } from './control-api';
import { fakeServer, type LoggedRequest } from './fake-server';
import type { Listening } from './listen';

type Entry = LoggedRequest & { query: string };

const server = fakeServer<Entry>();
let listening: Listening;

beforeAll(async () => {
  listening = await server.listen(0, {
    control: async (method, url) =>
      method === 'POST' && url.pathname === '/__fake/ping' ? ok() : json(404, {}),
    logEntry: ({ url }, logged) => ({ ...logged, query: url.search }),
    answer: ({ url }) => {
      if (url.pathname === '/boom') throw new Error('broken');
      return json(200, { path: url.pathname });
    },
    send: (res, answer) =>
      send(res, { ...answer, headers: { 'x-provider': 'fake', ...answer.headers } }),
    crash: (err) => json(500, { error: { message: String(err) } }),
  });
});
afterAll(() => listening.close());
beforeEach(() => {
  server.clearRequests();
  server.setLatencyMs(0);
});

describe('kit fakeServer', () => {
  it('answers through the provider’s send and logs the request with its status', async () => {
    const res = await fetch(`${listening.url}/v1/users?top=2`);
    expect(res.headers.get('x-provider')).toBe('fake');
    expect(await res.json()).toEqual({ path: '/v1/users' });
    expect(server.requests()).toEqual([
      {
        method: 'GET',
        path: '/v1/users',
        query: '?top=2',
        status: 200,
        at: expect.any(Number),
        workMs: expect.any(Number),
      },
    ]);
  });

  it('keeps the /__fake/ controls out of the log', async () => {
    expect((await fetch(`${listening.url}/__fake/ping`, { method: 'POST' })).status).toBe(200);
    expect(server.requests()).toEqual([]);
  });

  it('answers a handler that throws in the provider’s envelope, logged as that answer', async () => {
    const res = await fetch(`${listening.url}/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { message: 'Error: broken' } });
    expect(server.requests().map((r) => r.status)).toEqual([500]);
  });

  it('waits the latency a test set before answering, not counted as work', async () => {
    server.setLatencyMs(120);
    const started = Date.now();
    await fetch(`${listening.url}/slow`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(server.requests()[0]?.workMs).toBeLessThan(100);
  });
});
