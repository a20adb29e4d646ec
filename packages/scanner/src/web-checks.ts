// The website: HTTPS, the HTTP→HTTPS redirect, HSTS, the home page's security headers, and
// security.txt. All read the same two fetches of the home page (see context.ts).
import type { ScanFinding } from '@castellan/contract';
import { type CheckId, fail, info, notTested, pass } from './checks';
import { CORS_PROBE_ORIGIN, type ScanContext } from './context';
import {
  judgeContentTypeOptions,
  judgeCookies,
  judgeCors,
  judgeCsp,
  judgeFraming,
  judgeHsts,
  judgeReferrerPolicy,
} from './header-checks';
import { followRedirects, type HttpResponse } from './http-probe';

const REFUSED = /^refused to /;

type Site =
  | { kind: 'skip'; findings: ScanFinding[] }
  | { kind: 'site'; host: string; responses: HttpResponse[]; error: string | null };

/** The HTTPS fetch of the home page, or the findings to give when there is none. */
async function httpsSite(ctx: ScanContext, check: CheckId): Promise<Site> {
  const { host, error } = await ctx.webHost();
  if (!host) {
    const findings = error
      ? [notTested(check, `The website's address could not be looked up: ${error}.`)]
      : [
          info(check, 'no-website', {
            title: 'No website to test',
            evidence: `${ctx.domain} and www.${ctx.domain} have no address.`,
          }),
        ];
    return { kind: 'skip', findings };
  }
  const chain = await ctx.httpsHome();
  const https = chain?.responses.filter((r) => r.url.startsWith('https:')) ?? [];
  if (!chain || https.length === 0) {
    return {
      kind: 'skip',
      findings: [notTested(check, `https://${host}/ could not be fetched: ${chain?.error}.`)],
    };
  }
  return { kind: 'site', host, responses: https, error: chain.error };
}

export async function checkHttps(ctx: ScanContext): Promise<ScanFinding[]> {
  const { host } = await ctx.webHost();
  const chain = host ? await ctx.httpsHome() : null;
  if (!host || !chain) {
    const site = await httpsSite(ctx, 'https');
    return site.kind === 'skip' ? site.findings : [];
  }
  const [first] = chain.responses;
  if (!first) {
    if (REFUSED.test(chain.error ?? '')) {
      return [notTested('https', `${chain.error}.`, 'refused')];
    }
    return [
      fail('https', 'unavailable', 'Critical', {
        title: 'The website cannot be reached over HTTPS',
        evidence: `https://${host}/: ${chain.error}.`,
        recommendation:
          'Visitors’ connections can be read and changed on the way. Turn on HTTPS with a free certificate (for example from Let’s Encrypt); most hosts have a switch for it.',
      }),
    ];
  }
  const hops = chain.responses.map((r) => `${r.url} → ${r.status}`).join(', ');
  return [
    pass('https', 'available', { title: 'The website is served over HTTPS', evidence: hops }),
  ];
}

export async function checkHttpRedirect(ctx: ScanContext): Promise<ScanFinding[]> {
  const { host, error } = await ctx.webHost();
  if (!host) {
    return error
      ? [notTested('http-redirect', `The website's address could not be looked up: ${error}.`)]
      : [
          info('http-redirect', 'no-website', {
            title: 'No website to test',
            evidence: `${ctx.domain} has no address.`,
          }),
        ];
  }
  const chain = await ctx.httpHome();
  const [first] = chain?.responses ?? [];
  if (!chain || !first) {
    if (REFUSED.test(chain?.error ?? ''))
      return [notTested('http-redirect', `${chain?.error}.`, 'refused')];
    return [
      pass('http-redirect', 'http-not-served', {
        title: 'The website is not served over plain HTTP',
        evidence: `http://${host}/: ${chain?.error}.`,
      }),
    ];
  }
  const hops = chain.responses.map((r) => `${r.url} → ${r.status}`).join(', ');
  const location = first.headers.location;
  const next =
    first.status >= 300 && first.status < 400 && location ? safeUrl(location, first.url) : null;
  const advice =
    'Redirect every http:// request to the same address on https:// (a 301 redirect), on the same host name first.';
  if (next?.protocol === 'https:') {
    if (next.hostname === host) {
      return [
        pass('http-redirect', 'redirects', { title: 'HTTP redirects to HTTPS', evidence: hops }),
      ];
    }
    return [
      fail('http-redirect', 'other-host', 'Low', {
        title: 'HTTP redirects to HTTPS on another host name',
        evidence: hops,
        recommendation: `Browsers cannot learn HSTS for ${host} this way. ${advice}`,
      }),
    ];
  }
  if (chain.responses.some((r) => r.url.startsWith('https:'))) {
    return [
      fail('http-redirect', 'indirect', 'Medium', {
        title: 'HTTP reaches HTTPS only after another plain-HTTP hop',
        evidence: hops,
        recommendation: advice,
      }),
    ];
  }
  return [
    fail('http-redirect', 'missing', 'High', {
      title: 'HTTP does not redirect to HTTPS',
      evidence: hops,
      recommendation: `Visitors who type the address without https:// stay on an unencrypted connection. ${advice}`,
    }),
  ];
}

const safeUrl = (location: string, base: string) => {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
};

export async function checkHsts(ctx: ScanContext): Promise<ScanFinding[]> {
  const site = await httpsSite(ctx, 'hsts');
  if (site.kind === 'skip') return site.findings;
  const first = site.responses[0];
  return first ? judgeHsts(first) : [];
}

/** A header check of the last HTTPS page the home page led to. */
const onHomePage =
  (check: CheckId, judge: (response: HttpResponse, all: HttpResponse[]) => ScanFinding[]) =>
  async (ctx: ScanContext): Promise<ScanFinding[]> => {
    const site = await httpsSite(ctx, check);
    if (site.kind === 'skip') return site.findings;
    const last = site.responses[site.responses.length - 1];
    return last ? judge(last, site.responses) : [];
  };

export const checkCsp = onHomePage('csp', judgeCsp);
export const checkContentTypeOptions = onHomePage('content-type-options', judgeContentTypeOptions);
export const checkFraming = onHomePage('framing', judgeFraming);
export const checkReferrerPolicy = onHomePage('referrer-policy', judgeReferrerPolicy);
export const checkCookies = onHomePage('cookies', (_, all) => judgeCookies(all));
export const checkCors = onHomePage('cors', (last) => judgeCors(last, CORS_PROBE_ORIGIN));

const SECURITY_TXT_ADVICE =
  'Publish /.well-known/security.txt (RFC 9116) with a Contact: line and an Expires: date, so people who find a security problem know how to tell you.';

export async function checkSecurityTxt(ctx: ScanContext): Promise<ScanFinding[]> {
  const site = await httpsSite(ctx, 'security-txt');
  if (site.kind === 'skip') return site.findings;
  const url = `https://${site.host}/.well-known/security.txt`;
  const chain = await followRedirects(ctx.net, url, { maxBodyBytes: 100 * 1024, maxRedirects: 3 });
  const last = chain.responses[chain.responses.length - 1];
  const type = String(last?.headers['content-type'] ?? '');
  if (last?.status !== 200 || /^text\/html/i.test(type)) {
    return [
      fail('security-txt', 'missing', 'Low', {
        title: 'No security.txt',
        evidence: `${url}: ${last ? `answered ${last.status}${last.status === 200 ? ` with ${type}` : ''}` : chain.error}.`,
        recommendation: SECURITY_TXT_ADVICE,
      }),
    ];
  }
  const fields = last.body
    .split(/\r?\n/)
    .map((line) => /^([A-Za-z-]+):\s*(.*)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]?.toLowerCase() ?? '', m[2]?.trim() ?? ''] as const);
  const contacts = fields.filter(([k]) => k === 'contact');
  const expires = fields.filter(([k]) => k === 'expires');
  const problems: string[] = [];
  if (!/^text\/plain\b/i.test(type)) problems.push(`Content-Type is "${type}", not text/plain`);
  if (last.tls && !last.tls.authorized) problems.push('the certificate is not trusted');
  if (contacts.length === 0) problems.push('no Contact: line');
  if (expires.length !== 1)
    problems.push(expires.length ? 'more than one Expires: line' : 'no Expires: line');
  const expiry = expires.length === 1 ? new Date(expires[0]?.[1] ?? '') : null;
  if (expiry && Number.isNaN(expiry.getTime()))
    problems.push('the Expires: date is not a valid date');
  if (problems.length > 0) {
    return [
      fail('security-txt', 'invalid', 'Low', {
        title: 'security.txt is not valid',
        evidence: `${url}: ${problems.join('; ')}.`,
        recommendation: SECURITY_TXT_ADVICE,
      }),
    ];
  }
  const now = ctx.options.now();
  if (expiry && expiry.getTime() < now.getTime()) {
    return [
      fail('security-txt', 'expired', 'Low', {
        title: 'security.txt has expired',
        evidence: `${url}: Expires ${expires[0]?.[1]}.`,
        recommendation: 'Update the file and set a new Expires: date less than a year ahead.',
      }),
    ];
  }
  const contactList = contacts.map(([, v]) => v).join(', ');
  const findings = [
    pass('security-txt', 'valid', {
      title: 'security.txt tells people how to report problems',
      evidence: `${url}: Contact ${contactList}; Expires ${expires[0]?.[1]}.`,
    }),
  ];
  if (expiry && expiry.getTime() - now.getTime() > 366 * 86_400_000) {
    findings.push(
      info('security-txt', 'long-expiry', {
        title: 'security.txt expires more than a year from now',
        evidence: `Expires ${expires[0]?.[1]}.`,
        recommendation:
          'RFC 9116 recommends an Expires: date less than a year ahead, so the file is reviewed.',
      }),
    );
  }
  return findings;
}
