// What the checks of one scan share: the domain, the options, DNS and network access, and the
// probes several checks read (MX hosts, the website's first pages, one TLS handshake), each run
// once on first use so that checks can all start at the same time.

import { type DmarcRecord, dmarcRecords, organisationalDomain, parseDmarc } from './dmarc';
import { type DnsResult, type MxRecord, ScanDns } from './dns-client';
import { followRedirects, type RedirectChain } from './http-probe';
import { createNetwork, describeNetworkError, type Network } from './network';
import type { ScannerOptions } from './options';
import { type Handshake, handshake } from './tls-probe';

export type MxFacts =
  | { kind: 'hosts'; hosts: MxRecord[] }
  | { kind: 'null-mx'; otherHosts: MxRecord[] }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

export type WebHost = { host: string | null; error: string | null };

export type DmarcLookup =
  | { kind: 'found'; name: string; records: string[]; record: DmarcRecord; inherited: boolean }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/** The origin sent with the home-page request, to see whether CORS reflects any origin. */
export const CORS_PROBE_ORIGIN = 'https://cors-probe.castellan.invalid';

export type TlsFacts = { ok: true; handshake: Handshake } | { ok: false; error: string } | null;

/** A probe run on first use only; `peek` gives its result only if something already asked. */
export type Probe<T> = (() => Promise<T>) & { peek: () => Promise<T> | undefined };

export type ScanContext = {
  domain: string;
  options: ScannerOptions;
  dns: ScanDns;
  net: Network;
  mx: Probe<MxFacts>;
  webHost: Probe<WebHost>;
  /** `https://<web host>/` and its redirects; null without a web host. */
  httpsHome: Probe<RedirectChain | null>;
  /** `http://<web host>/` and its redirects; null without a web host. */
  httpHome: Probe<RedirectChain | null>;
  /** A TLS handshake with the web host at default settings; null without a web host. */
  tls: Probe<TlsFacts>;
  dmarc: Probe<DmarcLookup>;
  /** What a check alone probed, noted for the report's observed facts (see observed.ts). */
  noted: { dkimSelectors?: string[] };
};

const once = <T>(work: () => Promise<T>): Probe<T> => {
  let result: Promise<T> | undefined;
  const run = () => {
    result ??= work();
    return result;
  };
  return Object.assign(run, { peek: () => result });
};

const isNullMx = (r: MxRecord) => r.exchange === '' || r.exchange === '.';

export function createContext(domain: string, options: ScannerOptions): ScanContext {
  const dns = new ScanDns(options);
  const net = createNetwork(options, dns);

  const mx = once(async (): Promise<MxFacts> => {
    const answer = await dns.mx(domain);
    if (answer.kind === 'error') return { kind: 'error', message: answer.message };
    if (answer.kind !== 'records') return { kind: 'none' };
    const hosts = [...answer.records].sort((a, b) => a.priority - b.priority);
    if (hosts.some(isNullMx)) {
      return { kind: 'null-mx', otherHosts: hosts.filter((r) => !isNullMx(r)) };
    }
    return { kind: 'hosts', hosts };
  });

  const webHost = once(async (): Promise<WebHost> => {
    const www = `www.${domain}`;
    const [apex, wwwAnswer] = await Promise.all([dns.hasAddress(domain), dns.hasAddress(www)]);
    if (apex.kind === 'records') return { host: domain, error: null };
    if (wwwAnswer.kind === 'records') return { host: www, error: null };
    const failure = [apex, wwwAnswer].find(
      (a): a is Extract<DnsResult<string>, { kind: 'error' }> => a.kind === 'error',
    );
    return { host: null, error: failure ? failure.message : null };
  });

  const httpsHome = once(async () => {
    const { host } = await webHost();
    return host
      ? followRedirects(net, `https://${host}/`, { headers: { origin: CORS_PROBE_ORIGIN } })
      : null;
  });

  const httpHome = once(async () => {
    const { host } = await webHost();
    return host ? followRedirects(net, `http://${host}/`) : null;
  });

  const tls = once(async (): Promise<TlsFacts> => {
    const { host } = await webHost();
    if (!host) return null;
    try {
      return { ok: true as const, handshake: await handshake(net, host) };
    } catch (error) {
      return { ok: false as const, error: describeNetworkError(error) };
    }
  });

  const dmarc = once(async (): Promise<DmarcLookup> => {
    const organisational = organisationalDomain(domain);
    const names = organisational === domain ? [domain] : [domain, organisational];
    // Both names at once: the fallback costs no extra round trip.
    const answers = await Promise.all(names.map((name) => dns.txt(`_dmarc.${name}`)));
    for (const [index, name] of names.entries()) {
      const answer = answers[index];
      if (!answer) continue;
      if (answer.kind === 'error') return { kind: 'error', message: answer.message };
      const records = dmarcRecords(answer).map((r) => r.text);
      const first = records[0];
      if (first !== undefined) {
        return { kind: 'found', name, records, record: parseDmarc(first), inherited: index > 0 };
      }
    }
    return { kind: 'missing' };
  });

  return { domain, options, dns, net, mx, webHost, httpsHome, httpHome, tls, dmarc, noted: {} };
}
