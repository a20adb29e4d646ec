// HTTP(S) requests for the web checks: every hop is dialled through the guard, redirects are
// followed by hand (only http/https, only the standard ports), bodies and time are capped.
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { assertTargetAllowed } from './guard';
import { describeNetworkError, type Network, withTimeout } from './network';

export type HttpResponse = {
  /** The URL as the site sees it (standard ports), not the port dialled in tests. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names and values as sent, to see headers that were set twice. */
  rawHeaders: string[];
  body: string;
  /** For https: whether the certificate was trusted (requests do not fail on it). */
  tls: { authorized: boolean; authorizationError: string | null } | null;
};

export type RequestOptions = { headers?: Record<string, string>; maxBodyBytes?: number };

const MAX_BODY = 256 * 1024;

/** The port to dial for a URL: standard ports map to the configured ones, others are refused. */
export function dialPort(url: URL, ports: Network['options']['ports']): number {
  const configured = url.protocol === 'https:' ? ports.https : ports.http;
  const standard = url.protocol === 'https:' ? 443 : 80;
  if (url.port === '' || Number(url.port) === standard || Number(url.port) === configured) {
    return configured;
  }
  throw new Error(`refused to follow ${url.href}: only the standard ports are allowed`);
}

/** One request, no redirects followed. Rejects on network errors and timeouts. */
export function request(net: Network, target: string, options: RequestOptions = {}) {
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new Error(`refused to follow ${url.protocol} URL`));
  }
  let port: number;
  try {
    assertTargetAllowed(url.hostname, net.policy);
    port = dialPort(url, net.options.ports);
  } catch (error) {
    return Promise.reject(error);
  }
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const maxBody = options.maxBodyBytes ?? MAX_BODY;
  let req: http.ClientRequest | undefined;
  const work = new Promise<HttpResponse>((resolve, reject) => {
    const common = {
      host,
      port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        host: url.host,
        'user-agent': net.options.userAgent,
        accept: '*/*',
        ...options.headers,
      },
      lookup: net.lookup,
      agent: false as const,
    };
    const onResponse = (res: http.IncomingMessage) => {
      const socket = res.socket as TLSSocket;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () =>
        resolve({
          url: url.href,
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks).toString('utf8'),
          tls: secure
            ? {
                authorized: socket.authorized === true,
                authorizationError: socket.authorizationError
                  ? String(socket.authorizationError)
                  : null,
              }
            : null,
        });
      res.on('data', (chunk: Buffer) => {
        if (size < maxBody) chunks.push(chunk.subarray(0, maxBody - size));
        size += chunk.length;
        if (size >= maxBody) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', (error) => (size >= maxBody ? finish() : reject(error)));
    };
    req = secure
      ? https.request(
          {
            ...common,
            servername: host,
            rejectUnauthorized: false,
            ...(net.options.ca ? { ca: net.options.ca } : {}),
          },
          onResponse,
        )
      : http.request(common, onResponse);
    req.on('error', reject);
    req.end();
  });
  return withTimeout(work, net.options.timeouts.probeMs, url.origin, () => req?.destroy());
}

export type RedirectChain = {
  /** Every response, the first request's first. */
  responses: HttpResponse[];
  /** Why the chain stopped early (a failed request, a refused hop, a loop), if it did. */
  error: string | null;
};

export async function followRedirects(
  net: Network,
  start: string,
  options: RequestOptions & { maxRedirects?: number } = {},
): Promise<RedirectChain> {
  const responses: HttpResponse[] = [];
  const seen = new Set<string>();
  let target = start;
  for (let hop = 0; hop <= (options.maxRedirects ?? 10); hop++) {
    seen.add(target);
    let response: HttpResponse;
    try {
      response = await request(net, target, options);
    } catch (error) {
      return { responses, error: describeNetworkError(error) };
    }
    responses.push(response);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) {
      return { responses, error: null };
    }
    let next: string;
    try {
      next = new URL(location, target).href;
    } catch {
      return { responses, error: `the redirect to ${location} is not a valid URL` };
    }
    if (seen.has(next)) return { responses, error: `the redirects loop back to ${next}` };
    target = next;
  }
  return { responses, error: 'too many redirects' };
}
