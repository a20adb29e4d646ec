// A minimal DNS client for what node:dns cannot do: set the DNSSEC OK and Checking Disabled
// bits and read the Authenticated Data flag of the answer (RFC 4035 §3.2). It reads only the
// header and the types of the answer records.
import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';

export const RR_TYPE = { A: 1, SOA: 6, DS: 43, RRSIG: 46, DNSKEY: 48 } as const;
export const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

export type FlagsAnswer = {
  rcode: number;
  /** AD: the resolver validated the answer with DNSSEC. */
  authenticated: boolean;
  /** The types of the records in the answer section. */
  answerTypes: number[];
};

/** `127.0.0.1:5353`, `[::1]:53` or `8.8.8.8` (as `Resolver.getServers()` gives them). */
export function parseServer(text: string): { host: string; port: number } {
  const v6 = /^\[(.+)\](?::(\d+))?$/.exec(text);
  if (v6) return { host: v6[1] ?? '', port: Number(v6[2] ?? 53) };
  if (isIP(text) === 6) return { host: text, port: 53 };
  const [host = '', port] = text.split(':');
  return { host, port: Number(port ?? 53) };
}

function encodeQuery(id: number, name: string, type: number, checkingDisabled: boolean): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  // RD, plus CD when asked (RFC 4035 §3.2.2)
  header.writeUInt16BE(0x0100 | (checkingDisabled ? 0x0010 : 0), 2);
  header.writeUInt16BE(1, 4); // QDCOUNT
  header.writeUInt16BE(1, 10); // ARCOUNT: the OPT record
  const labels = name.split('.').filter(Boolean);
  const qname = Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
  const question = Buffer.alloc(4);
  question.writeUInt16BE(type, 0);
  question.writeUInt16BE(1, 2); // IN
  // OPT: root name, type 41, UDP size 1232, extended rcode/version 0, DO bit, no options
  const opt = Buffer.from([0, 0, 41, 0x04, 0xd0, 0, 0, 0x80, 0, 0, 0]);
  return Buffer.concat([header, qname, question, opt]);
}

function skipName(message: Buffer, offset: number): number {
  let at = offset;
  while (at < message.length) {
    const length = message[at] ?? 0;
    if (length === 0) return at + 1;
    if ((length & 0xc0) === 0xc0) return at + 2;
    at += length + 1;
  }
  throw new Error('truncated DNS name');
}

export function decodeFlags(message: Buffer): FlagsAnswer & { id: number } {
  if (message.length < 12) throw new Error('short DNS answer');
  const flags = message.readUInt16BE(2);
  const questions = message.readUInt16BE(4);
  const answers = message.readUInt16BE(6);
  let at = 12;
  for (let i = 0; i < questions; i++) at = skipName(message, at) + 4;
  const answerTypes: number[] = [];
  for (let i = 0; i < answers && at < message.length; i++) {
    at = skipName(message, at);
    if (at + 10 > message.length) break; // truncated (TC): the header is what counts
    answerTypes.push(message.readUInt16BE(at));
    at += 10 + message.readUInt16BE(at + 8);
  }
  return {
    id: message.readUInt16BE(0),
    rcode: flags & 0x000f,
    authenticated: (flags & 0x0020) !== 0,
    answerTypes,
  };
}

/** One UDP query with the DO bit set; rejects on timeout. */
export function queryWithDnssec(
  server: { host: string; port: number },
  name: string,
  type: number,
  options: { checkingDisabled?: boolean; timeoutMs: number },
): Promise<FlagsAnswer> {
  return new Promise((resolve, reject) => {
    const id = randomInt(0, 0x10000);
    const socket = createSocket(isIP(server.host) === 6 ? 'udp6' : 'udp4');
    const done = (error: Error | null, answer?: FlagsAnswer) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else if (answer) resolve(answer);
    };
    const timer = setTimeout(
      () => done(new Error('the DNS server did not answer in time')),
      options.timeoutMs,
    );
    socket.on('error', (error) => done(error));
    socket.on('message', (message) => {
      try {
        const { id: answerId, ...answer } = decodeFlags(message);
        if (answerId === id) done(null, answer);
      } catch (error) {
        done(error as Error);
      }
    });
    socket.send(
      encodeQuery(id, name, type, options.checkingDisabled ?? false),
      server.port,
      server.host,
    );
  });
}
