// The scanner's DNS: one resolver per scan (pointed at SCAN_DNS_SERVERS when set), answers sorted
// into records / no data / no such name / error, repeated questions answered once, and a budget
// so that no domain can make one scan send unbounded queries.
import { promises as dns } from 'node:dns';
import type { ScannerOptions } from './options';

export type DnsResult<T> =
  | { kind: 'records'; records: T[] }
  | { kind: 'nodata' }
  | { kind: 'nxdomain' }
  | { kind: 'error'; message: string; code?: string };

export type TxtRecord = { text: string; chunks: string[] };
export type MxRecord = { exchange: string; priority: number };
export type CaaRecord = { critical: number; tag: string; value: string };

/** The record each question type answers with, for `asked`. */
type RecordOf = {
  A: string;
  AAAA: string;
  TXT: TxtRecord;
  MX: MxRecord;
  NS: string;
  CNAME: string;
  CAA: CaaRecord;
};

const describe = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case 'ETIMEOUT':
      return 'the DNS server did not answer in time';
    case 'ESERVFAIL':
      return 'the DNS server failed to answer (SERVFAIL)';
    case 'EREFUSED':
      return 'the DNS server refused the query';
    case 'ECONNREFUSED':
      return 'the DNS server could not be reached';
    default:
      return e.message ?? String(error);
  }
};

export class ScanDns {
  private readonly resolver: dns.Resolver;
  private readonly memo = new Map<string, Promise<DnsResult<unknown>>>();
  private sent = 0;

  constructor(private readonly options: ScannerOptions) {
    // `timeout` is only where c-ares (1.34 in Node 20) starts: it then times queries out by the
    // server's answer times so far. Measured: after five answers within a millisecond, a query
    // timed out after 1.0 s with 15 s set. `tries` is what lets a slow answer still count.
    this.resolver = new dns.Resolver({
      timeout: options.timeouts.dnsMs,
      tries: options.timeouts.dnsTries,
    });
    if (options.dnsServers.length > 0) this.resolver.setServers(options.dnsServers);
  }

  /** Queries sent so far (the budget counts these). */
  get queryCount(): number {
    return this.sent;
  }

  servers(): string[] {
    return this.resolver.getServers();
  }

  /** Stops every outstanding query (at the end of a scan). */
  cancel(): void {
    this.resolver.cancel();
  }

  private async run<T>(query: () => Promise<T[]>): Promise<DnsResult<T>> {
    if (this.sent >= this.options.dnsQueryBudget) {
      return { kind: 'error', message: `the scan's budget of DNS queries is spent` };
    }
    this.sent += 1;
    try {
      const records = await query();
      return records.length > 0 ? { kind: 'records', records } : { kind: 'nodata' };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENODATA') return { kind: 'nodata' };
      if (code === 'ENOTFOUND') return { kind: 'nxdomain' };
      return { kind: 'error', message: describe(error), ...(code ? { code } : {}) };
    }
  }

  private once<T>(key: string, query: () => Promise<T[]>): Promise<DnsResult<T>> {
    let result = this.memo.get(key) as Promise<DnsResult<T>> | undefined;
    if (!result) {
      result = this.run(query);
      this.memo.set(key, result);
    }
    return result;
  }

  /** The answer to a question already asked, without asking it; undefined if never asked. */
  asked<T extends keyof RecordOf>(
    type: T,
    name: string,
  ): Promise<DnsResult<RecordOf[T]>> | undefined {
    return this.memo.get(`${type} ${name}`) as Promise<DnsResult<RecordOf[T]>> | undefined;
  }

  txt(name: string): Promise<DnsResult<TxtRecord>> {
    return this.once(`TXT ${name}`, async () =>
      (await this.resolver.resolveTxt(name)).map((chunks) => ({ text: chunks.join(''), chunks })),
    );
  }

  a(name: string): Promise<DnsResult<string>> {
    return this.once(`A ${name}`, () => this.resolver.resolve4(name));
  }

  aaaa(name: string): Promise<DnsResult<string>> {
    return this.once(`AAAA ${name}`, () => this.resolver.resolve6(name));
  }

  mx(name: string): Promise<DnsResult<MxRecord>> {
    return this.once(`MX ${name}`, () => this.resolver.resolveMx(name));
  }

  ns(name: string): Promise<DnsResult<string>> {
    return this.once(`NS ${name}`, () => this.resolver.resolveNs(name));
  }

  cname(name: string): Promise<DnsResult<string>> {
    return this.once(`CNAME ${name}`, () => this.resolver.resolveCname(name));
  }

  caa(name: string): Promise<DnsResult<CaaRecord>> {
    return this.once(`CAA ${name}`, async () =>
      (await this.resolver.resolveCaa(name)).map((record) => {
        const { critical, ...rest } = record;
        const [tag = '', value = ''] = Object.entries(rest)[0] ?? [];
        return { critical, tag, value: String(value) };
      }),
    );
  }

  /** Whether a name has an A or AAAA record (memoised, for the checks). */
  async hasAddress(name: string): Promise<DnsResult<string>> {
    const [v4, v6] = await Promise.all([this.a(name), this.aaaa(name)]);
    if (v4.kind === 'records' || v6.kind === 'records') {
      return {
        kind: 'records',
        records: [
          ...(v4.kind === 'records' ? v4.records : []),
          ...(v6.kind === 'records' ? v6.records : []),
        ],
      };
    }
    if (v4.kind === 'error') return v4;
    if (v6.kind === 'error') return v6;
    return v4.kind === 'nxdomain' ? v4 : v6;
  }

  /**
   * Fresh A and AAAA answers for a connection, never memoised: the guard must check what is
   * dialled, not what an earlier check saw.
   */
  addressesForConnect = async (host: string): Promise<string[]> => {
    const [v4, v6] = await Promise.all([
      this.run(() => this.resolver.resolve4(host)),
      this.run(() => this.resolver.resolve6(host)),
    ]);
    const found = [
      ...(v4.kind === 'records' ? v4.records : []),
      ...(v6.kind === 'records' ? v6.records : []),
    ];
    if (found.length > 0) return found;
    const failure = v4.kind === 'error' ? v4 : v6.kind === 'error' ? v6 : null;
    throw Object.assign(
      new Error(failure ? failure.message : `${host} has no address (A or AAAA record)`),
      { code: 'ENOTFOUND' },
    );
  };
}
