// STARTTLS on one mail server: banner, EHLO, STARTTLS, TLS handshake, QUIT. A server that
// cannot be reached (outbound port 25 is often blocked) is "unreachable", not a failure.
import net from 'node:net';
import { assertTargetAllowed } from './guard';
import { describeNetworkError, type Network } from './network';
import { type Handshake, handshake } from './tls-probe';

export type StartTlsResult =
  | { kind: 'unreachable'; reason: string }
  | { kind: 'no-starttls'; ehlo: string }
  | { kind: 'handshake-failed'; reason: string }
  | ({ kind: 'secured' } & Handshake);

const EHLO_NAME = 'scanner.castellan.invalid';

export function probeStartTls(network: Network, host: string): Promise<StartTlsResult> {
  return new Promise((resolve) => {
    try {
      assertTargetAllowed(host, network.policy);
    } catch (error) {
      resolve({ kind: 'unreachable', reason: describeNetworkError(error) });
      return;
    }
    const socket = net.connect({
      host,
      port: network.options.ports.smtp,
      lookup: network.lookup,
    });
    let stage: 'connect' | 'banner' | 'ehlo' | 'starttls' | 'tls' = 'connect';
    let buffer = '';
    let settled = false;
    const settle = (result: StartTlsResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      socket.destroy();
      const seconds = network.options.timeouts.smtpMs / 1000;
      settle(
        stage === 'tls'
          ? { kind: 'handshake-failed', reason: `the TLS handshake took over ${seconds} s` }
          : {
              kind: 'unreachable',
              reason:
                stage === 'connect'
                  ? `no connection within ${seconds} s (port ${network.options.ports.smtp} may be blocked)`
                  : `the server stopped answering (waiting for its ${stage} reply)`,
            },
      );
    }, network.options.timeouts.smtpMs);

    const onReply = (code: number, lines: string[]) => {
      if (stage === 'banner') {
        if (code !== 220) {
          socket.destroy();
          return settle({ kind: 'unreachable', reason: `the server greeted with ${code}` });
        }
        stage = 'ehlo';
        socket.write(`EHLO ${EHLO_NAME}\r\n`);
      } else if (stage === 'ehlo') {
        const offers = code === 250 && lines.some((l) => /^STARTTLS\b/i.test(l.slice(4)));
        if (!offers) {
          socket.end('QUIT\r\n');
          return settle({ kind: 'no-starttls', ehlo: lines.join(' | ') });
        }
        stage = 'starttls';
        socket.write('STARTTLS\r\n');
      } else if (stage === 'starttls') {
        if (code !== 220) {
          socket.end('QUIT\r\n');
          return settle({ kind: 'handshake-failed', reason: `STARTTLS was answered ${code}` });
        }
        stage = 'tls';
        socket.removeAllListeners('data');
        handshake(network, host, { socket }).then(
          (result) => {
            settle({ kind: 'secured', ...result });
            socket.destroy();
          },
          (error: unknown) => {
            settle({ kind: 'handshake-failed', reason: describeNetworkError(error) });
            socket.destroy();
          },
        );
      }
    };

    socket.on('connect', () => {
      stage = 'banner';
    });
    socket.on('data', (data: Buffer) => {
      buffer += data.toString('latin1');
      if (buffer.length > 64 * 1024) {
        socket.destroy();
        return settle({ kind: 'unreachable', reason: 'the server sent an endless reply' });
      }
      // A reply is complete at a line whose code is followed by a space (RFC 5321 §4.2.1).
      const lines = buffer.split('\r\n');
      const end = lines.findIndex((line) => /^\d{3}(?: |$)/.test(line));
      if (end === -1) return;
      const reply = lines.slice(0, end + 1);
      buffer = lines.slice(end + 1).join('\r\n');
      onReply(Number(reply[end]?.slice(0, 3)), reply);
    });
    socket.on('error', (error) => {
      if (stage === 'tls') return; // the handshake reports it
      settle({ kind: 'unreachable', reason: describeNetworkError(error) });
    });
  });
}
