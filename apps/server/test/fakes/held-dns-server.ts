// A DNS server that answers nothing until told to: scans asking it stay running, so tests can
// fill the caps on scans running at once. Released, it refuses every query (held and later).
import { createSocket } from 'node:dgram';

export type HeldDnsServer = {
  /** `127.0.0.1:<port>`, for the scanner's `dnsServers`. */
  server: string;
  /** Queries waiting for an answer. */
  held(): number;
  /** Answers every held query, and every later one at once, with REFUSED. */
  release(): void;
  close(): Promise<void>;
};

const REFUSED = 5;

/** The query turned into its own answer: same id and question, no records, the given rcode. */
function answer(query: Buffer, rcode: number): Buffer | null {
  let end = 12;
  while (end < query.length && query[end] !== 0) end += (query[end] ?? 0) + 1;
  end += 5; // the root label, QTYPE and QCLASS
  if (query.length < end) return null;
  const reply = Buffer.from(query.subarray(0, end));
  reply[2] = ((query[2] ?? 0) & 0x01) | 0x80; // QR, keep RD
  reply[3] = 0x80 | rcode; // RA
  reply.writeUInt16BE(1, 4);
  reply.fill(0, 6, 12); // no answer, authority or additional records
  return reply;
}

export async function startHeldDnsServer(): Promise<HeldDnsServer> {
  const socket = createSocket('udp4');
  const waiting: { query: Buffer; port: number; address: string }[] = [];
  let released = false;
  const refuse = (q: { query: Buffer; port: number; address: string }) => {
    const reply = answer(q.query, REFUSED);
    if (reply) socket.send(reply, q.port, q.address);
  };
  socket.on('message', (query, from) => {
    const q = { query, port: from.port, address: from.address };
    if (released) refuse(q);
    else waiting.push(q);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const release = () => {
    released = true;
    for (const q of waiting.splice(0)) refuse(q);
  };
  return {
    server: `127.0.0.1:${socket.address().port}`,
    held: () => waiting.length,
    release,
    close: async () => {
      release();
      // Let the last answers leave before the socket closes.
      await new Promise((r) => setTimeout(r, 50));
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
