// What every fake's server does around its provider's answers: the test controls under /__fake/,
// the log of every other request, the latency a test asked for, and the answer to a request whose
// handling threw. A fake gives what it logs of a request, its answer, and how it sends one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Answer, readBody, send } from './answers';
import { type Listening, listenLocally } from './listen';

/** What every fake logs of a request; each adds its own (the query, the form fields…). */
export type LoggedRequest = {
  method: string;
  path: string;
  status: number;
  /** Epoch ms when the request arrived. */
  at: number;
  /** How long the fake worked on the answer, the added latency left out. */
  workMs: number;
};

export type FakeRequest = { req: IncomingMessage; url: URL; body: string };

export type FakeHandlers<E extends LoggedRequest> = {
  /** The `/__fake/…` test controls (see control-api.ts). */
  control(method: string, url: URL, body: string): Promise<Answer>;
  /** The log's entry of a request, from what every fake logs of it. */
  logEntry(request: FakeRequest, logged: LoggedRequest): E;
  answer(request: FakeRequest, entry: E): Answer | Promise<Answer>;
  /** The answer to a request whose handling threw, in the provider's envelope. */
  crash(err: unknown): Answer;
  /** How the provider sends an answer; default: `send` as it is. */
  send?(res: ServerResponse, answer: Answer, url: URL): void;
};

/** A fake's request log and latency, and `listen` to serve it. */
export function fakeServer<E extends LoggedRequest>(options: { latencyMs?: number } = {}) {
  const log: E[] = [];
  let latencyMs = options.latencyMs ?? 0;

  return {
    /** Every request but the /__fake/ ones, oldest first. */
    requests: () => [...log],
    clearRequests: () => {
      log.length = 0;
    },
    setLatencyMs: (ms: number) => {
      latencyMs = ms;
    },
    listen(port: number | undefined, h: FakeHandlers<E>): Promise<Listening> {
      const reply = h.send ?? ((res: ServerResponse, answer: Answer) => send(res, answer));
      async function handle(req: IncomingMessage, res: ServerResponse) {
        const url = new URL(req.url ?? '/', 'http://fake');
        const body = await readBody(req);
        const method = req.method ?? 'GET';
        if (url.pathname.startsWith('/__fake/')) {
          send(res, await h.control(method, url, body));
          return;
        }
        const request = { req, url, body };
        const logged = { method, path: url.pathname, status: 0, at: Date.now(), workMs: 0 };
        const entry = h.logEntry(request, logged);
        log.push(entry);
        if (latencyMs > 0) await sleep(latencyMs);
        const started = performance.now();
        let answer: Answer;
        try {
          answer = await h.answer(request, entry);
        } catch (err) {
          answer = h.crash(err);
        }
        entry.status = answer.status;
        reply(res, answer, url);
        entry.workMs = performance.now() - started;
      }
      return listenLocally(port, handle, (res, err) => send(res, h.crash(err)));
    },
  };
}
