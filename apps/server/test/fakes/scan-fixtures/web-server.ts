// HTTP and HTTPS servers for the scanner's fixtures: one of each, serving many host names. The
// HTTPS server picks each host's certificate by SNI; both route by Host header. `legacyTls`
// makes the HTTPS server accept TLS 1.0 and 1.1 as well (OpenSSL 3 needs SECLEVEL=0 for them).
import http, { type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Server, Socket } from 'node:net';
import tls from 'node:tls';
import type { Pem } from './certificates';

export type FixtureResponse = {
  status?: number;
  headers?: OutgoingHttpHeaders;
  body?: string;
  /** Answer CORS requests by echoing their Origin, with credentials. */
  reflectOrigin?: boolean;
};

export type FixtureSite = {
  /** Presented for this host name (SNI); the fixture's default certificate otherwise. */
  certificate?: Pem;
  /** Refuse the TLS handshake for this host name. */
  tlsOff?: boolean;
  /** What http://host/… answers; default: 301 to the same path on https://host. */
  http?: FixtureResponse;
  /** https://host/<path> → response; unknown paths answer 404. */
  https?: Record<string, FixtureResponse>;
};

export type WebFixtureOptions = {
  sites: Record<string, FixtureSite>;
  defaultCertificate: Pem;
  legacyTls?: boolean;
  /** No HTTP server: its port refuses connections. */
  httpOff?: boolean;
  /** Milliseconds before each response. */
  delayMs?: number;
};

export type WebFixture = {
  httpPort: number;
  httpsPort: number;
  /** Connections accepted so far (TCP, before TLS). */
  connections: { http: number; https: number };
  /** Requests served, as `https://host/path`. */
  requests: string[];
  close(): Promise<void>;
};

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startWebFixture(options: WebFixtureOptions): Promise<WebFixture> {
  const requests: string[] = [];
  const connections = { http: 0, https: 0 };
  const sockets = new Set<Socket>();
  const track = (kind: 'http' | 'https') => (socket: Socket) => {
    connections[kind] += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const hostOf = (req: http.IncomingMessage) =>
    (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();

  const answer = (res: http.ServerResponse, req: http.IncomingMessage, spec: FixtureResponse) => {
    const send = () => {
      const headers: OutgoingHttpHeaders = { 'content-type': 'text/html', ...spec.headers };
      if (spec.reflectOrigin && req.headers.origin) {
        headers['access-control-allow-origin'] = req.headers.origin;
        headers['access-control-allow-credentials'] = 'true';
      }
      res.writeHead(spec.status ?? 200, headers);
      res.end(spec.body ?? '<!doctype html><title>fixture</title>');
    };
    if (options.delayMs) setTimeout(send, options.delayMs);
    else send();
  };

  const secure = (legacy: boolean, pem: Pem) =>
    tls.createSecureContext({
      ...pem,
      ...(legacy ? { minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
    });
  const legacy = options.legacyTls ?? false;
  const contexts = new Map(
    Object.entries(options.sites)
      .filter(([, site]) => site.certificate)
      .map(([host, site]) => [host, secure(legacy, site.certificate as Pem)]),
  );
  const httpsServer = https.createServer(
    {
      ...options.defaultCertificate,
      ...(legacy ? { minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
      SNICallback: (name, callback) =>
        options.sites[name.toLowerCase()]?.tlsOff
          ? callback(new Error(`no TLS for ${name}`), undefined)
          : callback(null, contexts.get(name.toLowerCase())),
    },
    (req, res) => {
      const host = hostOf(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push(`https://${host}${path}`);
      const spec = options.sites[host]?.https?.[path];
      answer(res, req, spec ?? { status: 404, body: 'not found' });
    },
  );
  httpsServer.on('connection', track('https'));
  // A failed handshake (e.g. TLS 1.0 refused) must not print errors.
  httpsServer.on('tlsClientError', () => {});

  const httpServer = http.createServer((req, res) => {
    const host = hostOf(req);
    requests.push(`http://${host}${req.url}`);
    const site = options.sites[host];
    if (!site) return answer(res, req, { status: 404, body: 'not found' });
    answer(
      res,
      req,
      site.http ?? { status: 301, headers: { location: `https://${host}${req.url ?? '/'}` } },
    );
  });
  httpServer.on('connection', track('http'));

  const httpsPort = await listen(httpsServer);
  const httpPort = options.httpOff ? await closedPort() : await listen(httpServer);
  return {
    httpPort,
    httpsPort,
    connections,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise((resolve) => httpsServer.close(resolve)),
        options.httpOff ? null : new Promise((resolve) => httpServer.close(resolve)),
      ]);
    },
  };
}
