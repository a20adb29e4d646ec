// The facts behind a report (certificate, DNS records, security headers), read from what the
// checks already probed so that two scans can be compared. Nothing here asks the network: it
// peeks at probes and DNS answers already started, and what is not known by the cut-off is null.
import { OBSERVED_HEADERS, type ScanObserved } from '@castellan/contract';
import type { MxFacts, ScanContext, TlsFacts } from './context';
import type { DnsResult, TxtRecord } from './dns-client';
import type { RedirectChain } from './http-probe';
import { spfRecords } from './spf';
import { issuerName } from './tls-probe';

const UNKNOWN = Symbol('unknown');
type Known<T> = T | typeof UNKNOWN;

/**
 * The probe's result if it was started and settles before `cutoff`, else UNKNOWN. A probe that
 * has already settled wins even over a cut-off already passed, so nothing known is lost.
 */
function settled<T>(probe: Promise<T> | undefined, cutoff: Promise<unknown>): Promise<Known<T>> {
  if (!probe) return Promise.resolve(UNKNOWN);
  const unknown = (): typeof UNKNOWN => UNKNOWN;
  return Promise.race([probe, cutoff.then(unknown)]).catch(unknown);
}

const hostName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');
const published = (text: string) => text.trim().replace(/\s+/g, ' ');
const sorted = (values: string[]) => [...new Set(values)].sort();

function certificateFact(host: string | null, tls: Known<TlsFacts>): ScanObserved['certificate'] {
  const presented = tls !== UNKNOWN && tls?.ok ? tls.handshake.certificate : null;
  if (!host || !presented) return null;
  const notAfter = new Date(presented.valid_to);
  if (Number.isNaN(notAfter.getTime())) return null;
  const dnsNames = (presented.subjectaltname ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4));
  const names = dnsNames.length > 0 ? dnsNames : [presented.subject?.CN ?? []].flat();
  return {
    host,
    notAfter: notAfter.toISOString(),
    names: sorted(names.map(hostName)),
    issuer: issuerName(presented),
  };
}

function headersFact(home: Known<RedirectChain | null>): ScanObserved['headers'] {
  if (home === UNKNOWN || !home) return null;
  // The header checks judge the last HTTPS answer of the chain: keep the same one.
  const final = home.responses.filter((r) => r.url.startsWith('https:')).at(-1);
  if (!final) return null;
  const headers: Record<string, string> = {};
  for (const name of OBSERVED_HEADERS) {
    const value = final.headers[name];
    if (value !== undefined) headers[name] = published([value].flat().join(', '));
  }
  return headers;
}

function mxFact(mx: Known<MxFacts>): string[] | null {
  if (mx === UNKNOWN || mx.kind === 'error') return null;
  if (mx.kind === 'none') return [];
  if (mx.kind === 'hosts') return sorted(mx.hosts.map((h) => hostName(h.exchange)));
  return sorted(['.', ...mx.otherHosts.map((h) => hostName(h.exchange))]);
}

function spfFact(txt: Known<DnsResult<TxtRecord>>): string[] | null {
  if (txt === UNKNOWN || txt.kind === 'error') return null;
  return sorted(spfRecords(txt).map((r) => published(r.text)));
}

function nsFact(ns: Known<DnsResult<string>>): string[] | null {
  if (ns === UNKNOWN || ns.kind === 'error') return null;
  return ns.kind === 'records' ? sorted(ns.records.map(hostName)) : [];
}

/** What the scan saw, as known by `cutoff` (the scan's deadline): never waits past it. */
export async function collectObserved(
  ctx: ScanContext,
  cutoff: Promise<unknown>,
): Promise<ScanObserved> {
  const [web, tls, home, mx, dmarc, txt, ns] = await Promise.all([
    settled(ctx.webHost.peek(), cutoff),
    settled(ctx.tls.peek(), cutoff),
    settled(ctx.httpsHome.peek(), cutoff),
    settled(ctx.mx.peek(), cutoff),
    settled(ctx.dmarc.peek(), cutoff),
    settled(ctx.dns.asked('TXT', ctx.domain), cutoff),
    settled(ctx.dns.asked('NS', ctx.domain), cutoff),
  ]);
  const selectors = ctx.noted.dkimSelectors;
  return {
    certificate: certificateFact(web === UNKNOWN ? null : web.host, tls),
    mx: mxFact(mx),
    spf: spfFact(txt),
    dmarc:
      dmarc === UNKNOWN || dmarc.kind === 'error'
        ? null
        : dmarc.kind === 'found'
          ? sorted(dmarc.records.map(published))
          : [],
    dkimSelectors: selectors ? sorted(selectors) : null,
    ns: nsFact(ns),
    headers: headersFact(home),
  };
}
