import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Listening = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
};

/**
 * Serves a fake on 127.0.0.1 (port 0 or none: any free port). A handler that throws answers with
 * `onCrash`, in the provider's own error envelope. `close` drops open connections too.
 */
export async function listenLocally(
  port: number | undefined,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onCrash: (res: ServerResponse, err: unknown) => void,
): Promise<Listening> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => onCrash(res, err));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
