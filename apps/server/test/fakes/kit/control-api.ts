// What the fakes' control APIs (`/__fake/…`, see each fake's control-api.ts) share: reading a
// JSON body, answering, and the controls every fake has.
import { type Answer, json } from './answers';
import type { FailureOptions } from './forced-failures';

/** A control: the JSON object of the request's body and its query, to an answer. */
export type ControlRoute = (body: Record<string, unknown>, query: URLSearchParams) => Answer;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A finite number ≥ 0, else null. */
export const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
export const ok = () => json(200, { ok: true });
export const invalid = (message: string) => json(400, { error: message });

/** The controls of every fake: its request log (GET, DELETE) and the latency it adds. */
export function commonControls(fake: {
  requests(): unknown;
  clearRequests(): void;
  setLatencyMs(ms: number): void;
}): Record<string, ControlRoute> {
  return {
    'GET /__fake/requests': () => json(200, { requests: fake.requests() }),
    'DELETE /__fake/requests': () => {
      fake.clearRequests();
      return ok();
    },
    'POST /__fake/latency': (b) => {
      const ms = num(b.ms);
      if (ms === null) return invalid('ms must be a number ≥ 0');
      fake.setLatencyMs(ms);
      return ok();
    },
  };
}

/**
 * `POST /__fake/fail-next` {path, <failure>, times?, after?, retryAfterSeconds?}: the next requests
 * under `path` fail with the number named `failure` (an HTTP status, a Meta error code).
 */
export function failNextControl(
  failure: 'status' | 'code',
  failNext: (
    path: string,
    value: number,
    options: FailureOptions & { retryAfterSeconds?: number },
  ) => void,
): ControlRoute {
  return (b) => {
    const value = num(b[failure]);
    if (typeof b.path !== 'string' || value === null) {
      return invalid(`path and ${failure} are required`);
    }
    const options = Object.fromEntries(
      ['times', 'after', 'retryAfterSeconds'].flatMap((k) => {
        const n = num(b[k]);
        return n === null ? [] : [[k, n]];
      }),
    );
    failNext(b.path, value, options);
    return ok();
  };
}

/**
 * The handler of `routes`, keyed `<METHOD> <path>`: an unknown control is a 404, a body that is
 * not a JSON object a 400; an empty body reads as {}.
 */
export function controlRouter(routes: Record<string, ControlRoute>) {
  return async (method: string, url: URL, text: string): Promise<Answer> => {
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return json(404, { error: `no control ${method} ${url.pathname}` });
    let body: unknown = {};
    if (text.trim()) {
      try {
        body = JSON.parse(text);
      } catch {
        return invalid('the body must be JSON');
      }
    }
    if (!isRecord(body)) return invalid('the body must be a JSON object');
    return route(body, url.searchParams);
  };
}
