// A tiny SMTP server for the scanner's STARTTLS check: greets, answers EHLO (with or without
// STARTTLS), and upgrades to TLS. `broken-tls` offers STARTTLS and then hangs up.
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import type { Pem } from './certificates';

export type SmtpMode = 'starttls' | 'plain' | 'broken-tls';

export type SmtpFixture = { port: number; connections: number; close(): Promise<void> };

export async function startSmtpFixture(options: {
  mode: SmtpMode;
  certificate: Pem;
  delayMs?: number;
}): Promise<SmtpFixture> {
  const sockets = new Set<net.Socket>();
  const state = { connections: 0 };
  const context = tls.createSecureContext(options.certificate);
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (text: string, then?: () => void) => {
      const write = () => {
        if (socket.destroyed) return;
        socket.write(text);
        then?.();
      };
      if (options.delayMs) setTimeout(write, options.delayMs);
      else write();
    };
    reply('220 mx.fixture ESMTP ready\r\n');
    let buffer = '';
    const onData = (data: Buffer) => {
      buffer += data.toString('latin1');
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const command = buffer.slice(0, end).toUpperCase();
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\r\n');
        if (command.startsWith('EHLO')) {
          const starttls = options.mode !== 'plain' ? '250-STARTTLS\r\n' : '';
          reply(`250-mx.fixture greets you\r\n250-PIPELINING\r\n${starttls}250 8BITMIME\r\n`);
        } else if (command === 'STARTTLS' && options.mode !== 'plain') {
          socket.off('data', onData);
          if (options.mode === 'broken-tls') {
            reply('220 go ahead\r\n', () => socket.end('this is not TLS\r\n'));
            return;
          }
          reply('220 go ahead\r\n', () => {
            const secured = new tls.TLSSocket(socket, { isServer: true, secureContext: context });
            secured.on('error', () => {});
            secured.on('data', () => secured.end('221 bye\r\n'));
          });
          return;
        } else if (command === 'QUIT') {
          reply('221 bye\r\n', () => socket.end());
        } else {
          reply('502 not implemented\r\n');
        }
      }
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
