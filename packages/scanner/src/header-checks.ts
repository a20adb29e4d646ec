// Pure judgements of a home page's response headers (MDN HTTP Observatory's rules, simplified):
// HSTS, Content-Security-Policy, X-Content-Type-Options, framing, Referrer-Policy, cookies, CORS.
import type { ScanFinding } from '@castellan/contract';
import { fail, info, pass, quote } from './checks';
import type { HttpResponse } from './http-probe';

/** Every value a header was sent with, in order (a header sent twice has two). */
export function headerValues(response: HttpResponse, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    if (response.rawHeaders[i]?.toLowerCase() === name)
      values.push(response.rawHeaders[i + 1] ?? '');
  }
  return values;
}

const SIX_MONTHS = 15_552_000;
const ONE_YEAR = 31_536_000;
const HSTS_ADVICE =
  'Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" on every HTTPS response, so browsers never use plain HTTP for your site again.';

export function judgeHsts(response: HttpResponse): ScanFinding[] {
  const values = headerValues(response, 'strict-transport-security');
  const header = values.join(', ').slice(0, 1024);
  if (values.length === 0) {
    return [
      fail('hsts', 'missing', 'High', {
        title: 'HSTS is not set',
        evidence: `${response.url} sends no Strict-Transport-Security header.`,
        recommendation: HSTS_ADVICE,
      }),
    ];
  }
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d{1,12})"?\s*(?:;|$)/i.exec(header)?.[1];
  if (values.length > 1 || header.includes(',') || maxAge === undefined) {
    return [
      fail('hsts', 'invalid', 'High', {
        title: 'The HSTS header is not valid',
        evidence: `${quote(header)}${values.length > 1 ? ' (sent more than once)' : ''}.`,
        recommendation: HSTS_ADVICE,
      }),
    ];
  }
  const seconds = Number(maxAge);
  const days = Math.floor(seconds / 86_400);
  if (seconds === 0) {
    return [
      fail('hsts', 'disabled', 'High', {
        title: 'HSTS is switched off (max-age=0)',
        evidence: quote(header),
        recommendation: HSTS_ADVICE,
      }),
    ];
  }
  if (seconds < SIX_MONTHS) {
    return [
      fail('hsts', 'short', 'Medium', {
        title: `HSTS lasts only ${days} days`,
        evidence: quote(header),
        recommendation: 'Raise max-age to at least 31536000 (one year).',
      }),
    ];
  }
  if (seconds < ONE_YEAR) {
    return [
      fail('hsts', 'under-a-year', 'Low', {
        title: `HSTS lasts ${days} days, less than a year`,
        evidence: quote(header),
        recommendation: 'Raise max-age to 31536000 (one year).',
      }),
    ];
  }
  return [pass('hsts', 'valid', { title: 'HSTS is set', evidence: quote(header) })];
}

type Policy = Map<string, string[]>;

/** Each policy in the headers (a header may hold several, separated by commas). */
export function parseCsp(headers: string[]): Policy[] {
  return headers
    .flatMap((h) => h.split(','))
    .map((text) => {
      const policy: Policy = new Map();
      for (const part of text.split(';')) {
        const [name, ...sources] = part.trim().split(/\s+/);
        if (name && !policy.has(name.toLowerCase())) {
          policy.set(
            name.toLowerCase(),
            sources.map((s) => s.toLowerCase()),
          );
        }
      }
      return policy;
    })
    .filter((p) => p.size > 0);
}

const BROAD = new Set(['*', 'http:', 'https:', 'data:', 'blob:']);

/** Why a policy does not stop injected scripts, or null if it does. */
function scriptWeakness(policy: Policy): string | null {
  const sources = policy.get('script-src') ?? policy.get('default-src');
  if (!sources) return 'no script-src or default-src';
  const nonceOrHash = sources.some((s) => /^'(?:nonce|sha256|sha384|sha512)-/.test(s));
  if (sources.includes("'unsafe-inline'") && !nonceOrHash) return "scripts allow 'unsafe-inline'";
  const strictDynamic = nonceOrHash && sources.includes("'strict-dynamic'");
  const broad = sources.find((s) => BROAD.has(s));
  if (broad && !strictDynamic) return `scripts may come from ${broad}`;
  return null;
}

const CSP_ADVICE =
  "Add a Content-Security-Policy header that lists where scripts may come from (start with \"default-src 'self'; object-src 'none'; base-uri 'self'\"), so an injected script cannot run.";

export function judgeCsp(response: HttpResponse): ScanFinding[] {
  const policies = parseCsp(headerValues(response, 'content-security-policy'));
  if (policies.length === 0) {
    const reportOnly = headerValues(response, 'content-security-policy-report-only').length > 0;
    return [
      fail('csp', reportOnly ? 'report-only' : 'missing', 'Medium', {
        title: reportOnly
          ? 'Content-Security-Policy only reports, it does not protect'
          : 'No Content-Security-Policy',
        evidence: `${response.url} sends ${reportOnly ? 'only Content-Security-Policy-Report-Only' : 'no Content-Security-Policy header'}.`,
        recommendation: CSP_ADVICE,
      }),
    ];
  }
  const shown = quote(headerValues(response, 'content-security-policy').join(', '));
  const weaknesses = policies.map(scriptWeakness);
  if (weaknesses.every((w) => w !== null)) {
    return [
      fail('csp', 'unsafe-scripts', 'Medium', {
        title: 'Content-Security-Policy does not stop injected scripts',
        evidence: `${shown}: ${weaknesses[0]}.`,
        recommendation:
          "Remove 'unsafe-inline' and broad sources (*, https:, data:) from script-src; use nonces or hashes for inline scripts.",
      }),
    ];
  }
  const evalAllowed = policies.every((p) =>
    (p.get('script-src') ?? p.get('default-src') ?? []).includes("'unsafe-eval'"),
  );
  if (evalAllowed) {
    return [
      fail('csp', 'unsafe-eval', 'Low', {
        title: "Content-Security-Policy allows 'unsafe-eval'",
        evidence: shown,
        recommendation: "Remove 'unsafe-eval' from script-src if the site works without it.",
      }),
    ];
  }
  return [
    pass('csp', 'restricts-scripts', {
      title: 'Content-Security-Policy limits scripts',
      evidence: shown,
    }),
  ];
}

export function judgeContentTypeOptions(response: HttpResponse): ScanFinding[] {
  const values = headerValues(response, 'x-content-type-options');
  const first = values[0]?.split(',')[0]?.trim().toLowerCase();
  if (first === 'nosniff') {
    return [
      pass('content-type-options', 'nosniff', {
        title: 'Browsers may not guess content types',
        evidence: 'X-Content-Type-Options: nosniff.',
      }),
    ];
  }
  return [
    fail('content-type-options', values.length ? 'invalid' : 'missing', 'Low', {
      title: 'X-Content-Type-Options is not set to nosniff',
      evidence: values.length ? quote(values.join(', ')) : `${response.url} does not send it.`,
      recommendation:
        'Send "X-Content-Type-Options: nosniff" so browsers do not run uploaded files as scripts or styles.',
    }),
  ];
}

export function judgeFraming(response: HttpResponse): ScanFinding[] {
  const ancestors = parseCsp(headerValues(response, 'content-security-policy')).find((p) =>
    p.has('frame-ancestors'),
  );
  if (ancestors) {
    return [
      pass('framing', 'frame-ancestors', {
        title: 'Other sites cannot frame the website',
        evidence: `Content-Security-Policy frame-ancestors ${ancestors.get('frame-ancestors')?.join(' ')}.`,
      }),
    ];
  }
  const xfo = headerValues(response, 'x-frame-options');
  const first = xfo[0]?.split(',')[0]?.trim().toUpperCase();
  if (first === 'DENY' || first === 'SAMEORIGIN') {
    return [
      pass('framing', 'x-frame-options', {
        title: 'Other sites cannot frame the website',
        evidence: `X-Frame-Options: ${first}.`,
      }),
    ];
  }
  return [
    fail('framing', xfo.length ? 'invalid' : 'missing', 'Medium', {
      title: 'Other sites can show the website in a frame',
      evidence: xfo.length
        ? `X-Frame-Options ${quote(xfo.join(', '))} is not DENY or SAMEORIGIN.`
        : `${response.url} sends neither X-Frame-Options nor CSP frame-ancestors.`,
      recommendation:
        'Send "Content-Security-Policy: frame-ancestors \'self\'" (or "X-Frame-Options: DENY"), so that your pages cannot be hidden in another site to trick visitors into clicking (clickjacking).',
    }),
  ];
}

const GOOD_REFERRER = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);
const LEAKY_REFERRER = new Set([
  'origin',
  'origin-when-cross-origin',
  'no-referrer-when-downgrade',
  'unsafe-url',
]);

export function judgeReferrerPolicy(response: HttpResponse): ScanFinding[] {
  const values = headerValues(response, 'referrer-policy')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase());
  // Browsers use the last value they know.
  const known = values.filter((v) => GOOD_REFERRER.has(v) || LEAKY_REFERRER.has(v));
  const applied = known[known.length - 1];
  if (!applied) {
    return [
      info('referrer-policy', 'default', {
        title: 'Referrer-Policy is not set; browsers use their safe default',
        evidence: values.length ? quote(values.join(', ')) : `${response.url} does not send it.`,
        recommendation:
          'Optionally send "Referrer-Policy: strict-origin-when-cross-origin" to make the choice explicit.',
      }),
    ];
  }
  if (GOOD_REFERRER.has(applied)) {
    return [
      pass('referrer-policy', 'private', {
        title: 'Referrer-Policy keeps page addresses private',
        evidence: `Referrer-Policy: ${applied}.`,
      }),
    ];
  }
  return [
    fail('referrer-policy', 'leaky', 'Low', {
      title: 'Referrer-Policy sends full page addresses to other sites',
      evidence: `Referrer-Policy: ${applied}.`,
      recommendation:
        'Use "Referrer-Policy: strict-origin-when-cross-origin" so addresses (which can hold private data) do not leak to other sites.',
    }),
  ];
}

type Cookie = { name: string; secure: boolean; httpOnly: boolean; sameSite: string | null };

export function parseSetCookie(header: string): Cookie {
  const [pair = '', ...attributes] = header.split(';');
  const attrs = new Map(
    attributes.map((a) => {
      const [k = '', v = ''] = a.split('=');
      return [k.trim().toLowerCase(), v.trim().toLowerCase()];
    }),
  );
  return {
    name: pair.split('=')[0]?.trim() ?? '',
    secure: attrs.has('secure'),
    httpOnly: attrs.has('httponly'),
    sameSite: attrs.get('samesite') ?? null,
  };
}

/** MDN's heuristic, widened: names that usually hold a session or sign-in token. */
const SESSION_NAME = /sess|login|auth|token|sid\b|^sid|jwt/i;

export function judgeCookies(responses: HttpResponse[]): ScanFinding[] {
  const cookies = responses.flatMap((r) => headerValues(r, 'set-cookie')).map(parseSetCookie);
  if (cookies.length === 0) {
    return [
      info('cookies', 'none', {
        title: 'The home page sets no cookies',
        evidence: 'No Set-Cookie header.',
      }),
    ];
  }
  const names = (list: Cookie[]) => list.map((c) => c.name).join(', ');
  const session = cookies.filter((c) => SESSION_NAME.test(c.name));
  const exposedSession = session.filter((c) => !c.secure || !c.httpOnly);
  const findings: ScanFinding[] = [];
  if (exposedSession.length > 0) {
    findings.push(
      fail('cookies', 'session-unprotected', 'High', {
        title: 'Session cookies lack the Secure or HttpOnly flag',
        evidence: exposedSession
          .map(
            (c) =>
              `${c.name}: ${[!c.secure && 'no Secure', !c.httpOnly && 'no HttpOnly'].filter(Boolean).join(', ')}`,
          )
          .join('; '),
        recommendation:
          'Set Secure (sent over HTTPS only) and HttpOnly (out of reach of scripts) on session cookies, so they cannot be stolen.',
      }),
    );
  }
  const insecure = cookies.filter((c) => !c.secure && !exposedSession.includes(c));
  if (insecure.length > 0) {
    findings.push(
      fail('cookies', 'insecure', 'Medium', {
        title: 'Cookies can be sent over plain HTTP',
        evidence: `Without Secure: ${names(insecure)}.`,
        recommendation: 'Set the Secure flag on every cookie.',
      }),
    );
  }
  const noSameSite = session.filter(
    (c) => !['strict', 'lax'].includes(c.sameSite ?? '') && !(c.sameSite === 'none' && c.secure),
  );
  if (noSameSite.length > 0) {
    findings.push(
      fail('cookies', 'no-samesite', 'Low', {
        title: 'Session cookies have no SameSite setting',
        evidence: `Without SameSite=Lax or Strict: ${names(noSameSite)}.`,
        recommendation:
          'Set SameSite=Lax (or Strict) on session cookies to block cross-site request forgery.',
      }),
    );
  }
  return findings.length > 0
    ? findings
    : [
        pass('cookies', 'protected', {
          title: 'Cookies are protected',
          evidence: `Cookies: ${names(cookies)}.`,
        }),
      ];
}

export function judgeCors(response: HttpResponse, probeOrigin: string): ScanFinding[] {
  const origin = headerValues(response, 'access-control-allow-origin')[0]?.trim();
  const credentials =
    headerValues(response, 'access-control-allow-credentials')[0]?.trim().toLowerCase() === 'true';
  if (origin === probeOrigin || (origin === 'null' && credentials)) {
    return credentials
      ? [
          fail('cors', 'reflects-origin-with-credentials', 'High', {
            title: 'Any website can read your pages as a signed-in visitor (CORS)',
            evidence: `A request from ${probeOrigin} got Access-Control-Allow-Origin: ${origin} with Access-Control-Allow-Credentials: true.`,
            recommendation:
              'Allow only your own origins in Access-Control-Allow-Origin, never by echoing the request’s Origin, when credentials are allowed.',
          }),
        ]
      : [
          info('cors', 'reflects-origin', {
            title: 'CORS echoes any origin (without credentials)',
            evidence: `A request from ${probeOrigin} got Access-Control-Allow-Origin: ${origin}.`,
            recommendation: 'List the origins that need access instead of echoing any.',
          }),
        ];
  }
  return [
    pass('cors', 'restricted', {
      title: 'Other websites cannot read your pages with a visitor’s cookies',
      evidence: origin
        ? `Access-Control-Allow-Origin: ${origin}${credentials ? ' (with credentials)' : ''}.`
        : 'No Access-Control-Allow-Origin for a foreign origin.',
    }),
  ];
}
