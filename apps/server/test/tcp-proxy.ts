// A TCP proxy between the app and PostgreSQL that a test can break in the two ways a database
// becomes unreachable: `cut()` (connections closed and refused: a crash, a restart) and
// `blackHole()` (connections stay open but nothing passes: a network partition).
import net from 'node:net';

export type TcpProxy = {
  port: number;
  cut(): Promise<void>;
  blackHole(): void;
  /** Forwards again: held bytes flow on, new connections are accepted. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let holding = false;
  let server = net.createServer(accept);

  function accept(client: net.Socket) {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    // After pipe(), which would resume them.
    if (holding) for (const socket of [client, upstream]) socket.pause();
  }

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await stopListening();
    },
    blackHole() {
      holding = true;
      // Paused sockets read nothing; the kernel buffers what is sent until its window is full.
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      holding = false;
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
      if (!server.listening) {
        server = net.createServer(accept);
        await listen(port);
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      if (server.listening) await stopListening();
    },
  };
}
