import autocannon from 'autocannon';
import { SESSION_COOKIE } from '../apps/server/src/modules/sessions/plugin';

export const DEMO_EMAIL = 'alice.morgan@brightwave.example';
const WARM_UP_SECONDS = 2;

export type LoadFigures = {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  totalRequests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

/** Signs in through the test login; returns the session cookie pair (a development server's name). */
export async function signIn(baseUrl: string, email = DEMO_EMAIL): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/test-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200) throw new Error(`test-login answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`test-login set no ${SESSION_COOKIE} cookie`);

  const check = await fetch(`${baseUrl}/api/auth/user-data`, { headers: { cookie } });
  const body = await check.text();
  if (check.status !== 200) throw new Error(`user-data answered ${check.status}: ${body}`);
  return cookie;
}

/**
 * A short warm-up, then `durationSeconds` of load on one URL with the session cookie: as fast as
 * the server answers, or at `rate` requests per second in all.
 */
export async function loadTest(
  url: string,
  cookie: string,
  durationSeconds: number,
  { connections = 10, rate }: { connections?: number; rate?: number } = {},
): Promise<LoadFigures> {
  const options = { url, connections, headers: { cookie }, ...(rate ? { overallRate: rate } : {}) };
  await autocannon({ ...options, duration: Math.min(WARM_UP_SECONDS, durationSeconds) });
  const result = await autocannon({ ...options, duration: durationSeconds });
  return loadFigures(result, connections, durationSeconds);
}

/** The figures the bench prints of one autocannon run. */
export function loadFigures(
  result: autocannon.Result,
  connections: number,
  durationSeconds: number,
): LoadFigures {
  return {
    connections,
    durationSeconds,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
