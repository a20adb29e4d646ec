import { vi } from 'vitest';

/** What the fake server answers: a status and, unless it is 204, a JSON body. */
export type Reply = { status: number; body?: unknown };
export const reply = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent = (status = 204): Reply => ({ status });

type Answer = Reply | ((call: ApiCall) => Reply);

/** A request the page sent, its path without the /api prefix. */
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };

const neverAnswered = (signal: AbortSignal | null) =>
  new Promise<Response>((_, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason));
  });

/**
 * Answers the app's API calls in place of the server, by `'METHOD /path'` (query left out). A call
 * no answer names stays pending, as a slow server would: the page shows its loading state.
 * Goes through the real HTTP client, so its rules (JSON only, 429, 401) still apply.
 */
export function fakeApi(answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    if (!answer) return neverAnswered(request.signal);
    const { status, body } = typeof answer === 'function' ? answer(call) : answer;
    return body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
  });
  return {
    /** The calls sent so far to one `'METHOD /path'`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
