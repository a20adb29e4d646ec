// An authoritative DNS server for the scanner's fixtures (dns2, UDP and TCP on one port): names
// that exist only as parents of other names answer NOERROR with no data, unknown names NXDOMAIN.
// Zones can be marked DNSSEC-secure (answers carry AD), bogus (SERVFAIL unless CD is set) or
// signed without a chain of trust. Every answer can be delayed.
import dns2 from 'dns2';

const { Packet } = dns2;
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 };
/** dns2's types lack the DNSSEC header bits its packets carry. */
type DnssecHeader = { ad: number; cd: number };

type Answer<T> = T[] | ((timesAsked: number) => T[]);

export type FixtureRecords = {
  A?: Answer<string>;
  /** Write IPv6 in hex groups (`::ffff:7f00:1`): dns2 mangles dotted IPv4 tails. */
  AAAA?: Answer<string>;
  MX?: { exchange: string; priority: number }[];
  /** Strings over 255 bytes are split into several character-strings, as DNS requires. */
  TXT?: Answer<string | string[]>;
  CAA?: { flags: number; tag: string; value: string }[];
  CNAME?: string;
};

export type DnssecState = 'secure' | 'bogus' | 'no-chain-of-trust';

export type DnsFixtureOptions = {
  records: Record<string, FixtureRecords>;
  /** Zone apex → DNSSEC state; names below an apex share its state. */
  dnssec?: Record<string, DnssecState>;
  /** Milliseconds before each answer, or a function of the question. */
  delayMs?: number | ((name: string, type: string) => number);
};

export type DnsFixture = {
  /** `127.0.0.1:<port>`, for `dnsServers` / SCAN_DNS_SERVERS. */
  server: string;
  /** Every question asked, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
};

const TYPE_NAMES = new Map<number, string>(
  Object.entries(Packet.TYPE).map(([name, value]) => [value as number, name]),
);
const chunk = (text: string) => {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += 255) parts.push(text.slice(i, i + 255));
  return parts.length > 0 ? parts : [''];
};
const FIXTURE_KEY =
  'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==';

export async function startDnsFixture(options: DnsFixtureOptions): Promise<DnsFixture> {
  const records = new Map(
    Object.entries(options.records).map(([name, r]) => [name.toLowerCase(), r]),
  );
  const asked = new Map<string, number>();
  const questions: string[] = [];
  const exists = (name: string) =>
    records.has(name) || [...records.keys()].some((known) => known.endsWith(`.${name}`));
  const zoneOf = (name: string) =>
    Object.entries(options.dnssec ?? {})
      .filter(([apex]) => name === apex || name.endsWith(`.${apex}`))
      .sort((a, b) => b[0].length - a[0].length)[0];
  const resolve = <T>(answer: Answer<T> | undefined, key: string): T[] => {
    if (answer === undefined) return [];
    if (typeof answer !== 'function') return answer;
    const times = (asked.get(key) ?? 0) + 1;
    asked.set(key, times);
    return answer(times);
  };

  const pending = new Set<NodeJS.Timeout>();
  let closed = false;
  const handle = (request: dns2.Packet, reply: (response: dns2.Packet) => unknown) => {
    // An answer may come due after close (a delayed one): drop it quietly.
    const send = (response: dns2.Packet) => {
      if (!closed) Promise.resolve(reply(response)).catch(() => {});
    };
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    response.header.ra = 1;
    const [question] = request.questions;
    if (!question) return send(response);
    const name = question.name.toLowerCase().replace(/\.$/, '');
    const type = TYPE_NAMES.get(question.type) ?? String(question.type);
    questions.push(`${type} ${name}`);
    const zone = zoneOf(name);
    const answer = () => {
      if (zone?.[1] === 'bogus' && !(request.header as unknown as DnssecHeader).cd) {
        response.header.rcode = RCODE.SERVFAIL;
        return send(response);
      }
      if (zone?.[1] === 'secure') (response.header as unknown as DnssecHeader).ad = 1;
      if (!exists(name)) {
        response.header.rcode = RCODE.NXDOMAIN;
        return send(response);
      }
      const data = records.get(name) ?? {};
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 0 };
      const push = (answer: Record<string, unknown>) =>
        response.answers.push({ ...base, ...answer } as never);
      if (data.CNAME && question.type !== Packet.TYPE.CNAME) {
        push({ type: Packet.TYPE.CNAME, domain: data.CNAME });
      }
      switch (question.type) {
        case Packet.TYPE.A:
          for (const address of resolve(data.A, `A ${name}`))
            push({ type: question.type, address });
          break;
        case Packet.TYPE.AAAA:
          for (const address of resolve(data.AAAA, `AAAA ${name}`))
            push({ type: question.type, address });
          break;
        case Packet.TYPE.MX:
          for (const mx of data.MX ?? []) push({ type: question.type, ...mx });
          break;
        case Packet.TYPE.TXT:
          for (const text of resolve(data.TXT, `TXT ${name}`)) {
            push({ type: question.type, data: typeof text === 'string' ? chunk(text) : text });
          }
          break;
        case Packet.TYPE.CAA:
          for (const caa of data.CAA ?? []) push({ type: question.type, ...caa });
          break;
        case Packet.TYPE.CNAME:
          if (data.CNAME) push({ type: question.type, domain: data.CNAME });
          break;
        case Packet.TYPE.DNSKEY:
          if (zone && zone[0] === name) {
            push({ type: question.type, flags: 257, protocol: 3, algorithm: 13, key: FIXTURE_KEY });
          }
          break;
        default:
          break;
      }
      send(response);
    };
    const delay =
      typeof options.delayMs === 'function' ? options.delayMs(name, type) : (options.delayMs ?? 0);
    if (delay > 0) {
      const timer = setTimeout(() => {
        pending.delete(timer);
        answer();
      }, delay);
      pending.add(timer);
    } else {
      answer();
    }
  };

  // TCP on the same port as UDP: c-ares retries truncated answers over TCP to the same address.
  // The port UDP gets may already be taken for TCP: then both try again elsewhere.
  const sockets = new Set<import('node:net').Socket>();
  const bind = async () => {
    const udp = dns2.createUDPServer(handle);
    await udp.listen(0, '127.0.0.1');
    const { port } = udp.address();
    const tcp = dns2.createTCPServer(handle);
    tcp.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return { udp, tcp, port };
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    return null;
  };
  let bound: Awaited<ReturnType<typeof bind>> = null;
  for (let attempt = 0; attempt < 20 && !bound; attempt += 1) bound = await bind();
  if (!bound) throw new Error('The DNS fixture found no port free for both UDP and TCP.');
  const { udp, tcp, port } = bound;
  return {
    server: `127.0.0.1:${port}`,
    questions,
    close: async () => {
      closed = true;
      for (const timer of pending) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}
