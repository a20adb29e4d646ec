// E-mail transport: STARTTLS on each MX, MTA-STS (RFC 8461) and TLS reporting (RFC 8460).
import type { ScanFinding } from '@castellan/contract';
import { fail, info, notTested, pass, quote } from './checks';
import type { MxFacts, ScanContext } from './context';
import { request } from './http-probe';
import { describeNetworkError } from './network';
import { probeStartTls } from './smtp-probe';

const LEGACY_TLS = new Set(['SSLv3', 'TLSv1', 'TLSv1.1']);

/** Findings for checks that only make sense for a domain that receives mail, or null. */
function withoutMailServers(check: 'starttls' | 'mta-sts' | 'tls-rpt', mx: MxFacts) {
  if (mx.kind === 'error') return [notTested(check, `The MX look-up failed: ${mx.message}.`)];
  if (mx.kind === 'hosts') return null;
  return [
    info(check, 'not-applicable', {
      title: 'Not needed: the domain receives no e-mail',
      evidence: mx.kind === 'null-mx' ? 'Null MX.' : 'No MX record.',
    }),
  ];
}

export async function checkStartTls(ctx: ScanContext): Promise<ScanFinding[]> {
  const mx = await ctx.mx();
  const skip = withoutMailServers('starttls', mx);
  if (skip || mx.kind !== 'hosts') return skip ?? [];
  const hosts = [...new Set(mx.hosts.map((h) => h.exchange))].slice(0, ctx.options.maxMxHosts);
  const results = await Promise.all(
    hosts.map(async (host) => ({ host, result: await probeStartTls(ctx.net, host) })),
  );
  const findings: ScanFinding[] = [];
  const secured: string[] = [];
  const unreachable: string[] = [];
  for (const { host, result } of results) {
    switch (result.kind) {
      case 'unreachable':
        unreachable.push(`${host}: ${result.reason}`);
        break;
      case 'no-starttls':
        findings.push(
          fail('starttls', 'missing', 'High', {
            title: `Mail server ${host} does not offer encryption (STARTTLS)`,
            evidence: `EHLO answer: ${quote(result.ehlo)}.`,
            recommendation:
              'Mail to you travels unencrypted and can be read on the way. Ask your mail provider to turn on STARTTLS.',
          }),
        );
        break;
      case 'handshake-failed':
        findings.push(
          fail('starttls', 'handshake-failed', 'High', {
            title: `Encryption with mail server ${host} fails`,
            evidence: `The server offers STARTTLS, but ${result.reason}.`,
            recommendation:
              'Senders fall back to unencrypted delivery or give up. Fix the mail server’s TLS set-up.',
          }),
        );
        break;
      case 'secured':
        if (result.protocol && LEGACY_TLS.has(result.protocol)) {
          findings.push(
            fail('starttls', 'legacy-tls', 'High', {
              title: `Mail server ${host} uses an outdated TLS version`,
              evidence: `Negotiated ${result.protocol}.`,
              recommendation:
                'Allow TLS 1.2 and 1.3 on the mail server and turn off older versions.',
            }),
          );
        } else {
          secured.push(`${host} (${result.protocol ?? 'TLS'})`);
        }
        if (!result.authorized || result.hostnameError) {
          findings.push(
            info('starttls', 'untrusted-certificate', {
              title: `Mail server ${host} has a certificate senders cannot verify`,
              evidence: result.hostnameError ?? result.authorizationError ?? 'untrusted',
              recommendation:
                'Most senders accept it today, but MTA-STS and DANE need a valid certificate for the MX name.',
            }),
          );
        }
        break;
      default: {
        const unexpected: never = result;
        throw new Error(`unexpected STARTTLS result ${JSON.stringify(unexpected)}`);
      }
    }
  }
  if (findings.some((f) => f.status === 'fail')) return findings;
  if (secured.length === 0) {
    return [
      notTested(
        'starttls',
        `No mail server could be reached on port ${ctx.options.ports.smtp}: ${unreachable.join('; ')}.`,
        'unreachable',
      ),
    ];
  }
  const note = unreachable.length > 0 ? ` Not reached: ${unreachable.join('; ')}.` : '';
  return [
    pass('starttls', 'offered', {
      title: 'Mail servers encrypt incoming mail (STARTTLS)',
      evidence: `${secured.join(', ')}.${note}`,
    }),
    ...findings,
  ];
}

type StsPolicy = { version?: string; mode?: string; maxAge?: number; mx: string[] };

function parseStsPolicy(body: string): { policy: StsPolicy; errors: string[] } {
  const policy: StsPolicy = { mx: [] };
  const errors: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon === -1) {
      errors.push(`"${line.trim()}" is not a key: value line`);
      continue;
    }
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'version') policy.version = value;
    else if (key === 'mode') policy.mode = value;
    else if (key === 'max_age') policy.maxAge = /^\d{1,10}$/.test(value) ? Number(value) : -1;
    else if (key === 'mx') policy.mx.push(value.toLowerCase());
  }
  if (policy.version !== 'STSv1') errors.push('version must be STSv1');
  if (!['enforce', 'testing', 'none'].includes(policy.mode ?? '')) {
    errors.push('mode must be enforce, testing or none');
  }
  if (policy.maxAge === undefined || policy.maxAge < 0 || policy.maxAge > 31_557_600) {
    errors.push('max_age must be a number of seconds from 0 to 31557600');
  }
  if (policy.mode !== 'none' && policy.mx.length === 0) {
    errors.push(`mode ${policy.mode} needs at least one mx line`);
  }
  return { policy, errors };
}

/** RFC 8461 §4.1: a `*.` pattern matches exactly one more label on the left. */
export function stsPatternMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (pattern.startsWith('*.')) {
    const rest = pattern.slice(2);
    return h.endsWith(`.${rest}`) && !h.slice(0, -rest.length - 1).includes('.');
  }
  return h === pattern;
}

export async function checkMtaSts(ctx: ScanContext): Promise<ScanFinding[]> {
  const [mx, answer] = await Promise.all([ctx.mx(), ctx.dns.txt(`_mta-sts.${ctx.domain}`)]);
  const skip = withoutMailServers('mta-sts', mx);
  if (skip || mx.kind !== 'hosts') return skip ?? [];
  if (answer.kind === 'error') {
    return [
      notTested('mta-sts', `The look-up of _mta-sts.${ctx.domain} failed: ${answer.message}.`),
    ];
  }
  const records =
    answer.kind === 'records' ? answer.records.filter((r) => /^v=STSv1\s*(;|$)/.test(r.text)) : [];
  const recommendation =
    'Publish an MTA-STS policy at https://mta-sts.<your domain>/.well-known/mta-sts.txt and a TXT record "v=STSv1; id=<date>" at _mta-sts.<your domain>, so that senders insist on encrypted delivery.';
  if (records.length === 0) {
    return [
      fail('mta-sts', 'missing', 'Medium', {
        title: 'No MTA-STS policy',
        evidence: `No TXT record starting with "v=STSv1" at _mta-sts.${ctx.domain}.`,
        recommendation,
      }),
    ];
  }
  const record = records[0]?.text ?? '';
  if (records.length > 1 || !/(?:^|;)\s*id=[a-zA-Z0-9]{1,32}\s*(?:;|$)/.test(record)) {
    return [
      fail('mta-sts', 'invalid-record', 'Medium', {
        title: 'The MTA-STS record is not valid',
        evidence:
          records.length > 1
            ? `${records.length} records at _mta-sts.${ctx.domain}.`
            : `${quote(record)} has no valid id= (1 to 32 letters and digits).`,
        recommendation,
      }),
    ];
  }
  const url = `https://mta-sts.${ctx.domain}/.well-known/mta-sts.txt`;
  let policyText: string;
  try {
    const response = await request(ctx.net, url, { maxBodyBytes: 64 * 1024 });
    const type = String(response.headers['content-type'] ?? '');
    const problem =
      response.status !== 200
        ? `the server answered ${response.status}`
        : !response.tls?.authorized
          ? `its certificate is not trusted (${response.tls?.authorizationError})`
          : !/^text\/plain\b/i.test(type)
            ? `its Content-Type is "${type}", not text/plain`
            : null;
    if (problem) {
      return [
        fail('mta-sts', 'policy-unavailable', 'Medium', {
          title: 'The MTA-STS policy cannot be used',
          evidence: `${url}: ${problem}.`,
          recommendation:
            'Serve the policy as text/plain over HTTPS with a valid certificate for mta-sts.<your domain>, without redirects.',
        }),
      ];
    }
    policyText = response.body;
  } catch (error) {
    return [
      fail('mta-sts', 'policy-unavailable', 'Medium', {
        title: 'The MTA-STS policy cannot be fetched',
        evidence: `${url}: ${describeNetworkError(error)}.`,
        recommendation:
          'Serve the policy over HTTPS at that address with a valid certificate for mta-sts.<your domain>.',
      }),
    ];
  }
  const { policy, errors } = parseStsPolicy(policyText);
  if (errors.length > 0) {
    return [
      fail('mta-sts', 'policy-invalid', 'Medium', {
        title: 'The MTA-STS policy has errors',
        evidence: `${url}: ${errors.join('; ')}.`,
        recommendation: 'Correct the policy file (RFC 8461 §3.2).',
      }),
    ];
  }
  const uncovered = mx.hosts
    .map((h) => h.exchange)
    .filter((host) => !policy.mx.some((pattern) => stsPatternMatches(pattern, host)));
  const shown = `mode ${policy.mode}, max_age ${policy.maxAge}, mx ${policy.mx.join(', ') || '(none)'}`;
  const findings: ScanFinding[] = [];
  if (policy.mode !== 'none' && uncovered.length > 0) {
    findings.push(
      fail('mta-sts', 'mx-not-covered', policy.mode === 'enforce' ? 'High' : 'Low', {
        title: 'The MTA-STS policy leaves out a mail server',
        evidence: `${uncovered.join(', ')} ${uncovered.length === 1 ? 'matches' : 'match'} no mx line (${shown}).`,
        recommendation:
          policy.mode === 'enforce'
            ? 'Senders that honour the policy will refuse to deliver to that server. Add it to the policy.'
            : 'Add it to the policy before switching to enforce.',
      }),
    );
  }
  if (policy.mode === 'testing') {
    findings.push(
      fail('mta-sts', 'testing', 'Low', {
        title: 'MTA-STS is only in testing mode',
        evidence: shown,
        recommendation: 'Once the TLS reports show no failures, set mode: enforce.',
      }),
    );
  } else if (policy.mode === 'none') {
    findings.push(
      fail('mta-sts', 'mode-none', 'Medium', {
        title: 'MTA-STS is switched off (mode: none)',
        evidence: shown,
        recommendation: 'Set mode: testing, then enforce, so senders insist on encryption.',
      }),
    );
  }
  if (findings.length > 0) return findings;
  return [pass('mta-sts', 'enforced', { title: 'MTA-STS is enforced', evidence: shown })];
}

export async function checkTlsRpt(ctx: ScanContext): Promise<ScanFinding[]> {
  const name = `_smtp._tls.${ctx.domain}`;
  const [mx, answer] = await Promise.all([ctx.mx(), ctx.dns.txt(name)]);
  const skip = withoutMailServers('tls-rpt', mx);
  if (skip) return skip;
  if (answer.kind === 'error')
    return [notTested('tls-rpt', `The look-up of ${name} failed: ${answer.message}.`)];
  const all = answer.kind === 'records' ? answer.records : [];
  const records = all.filter((r) => /^v=TLSRPTv1\s*(;|$)/.test(r.text));
  const recommendation = `Publish a TXT record "v=TLSRPTv1; rua=mailto:tls-reports@<your domain>" at ${name} to hear when senders cannot reach you securely.`;
  if (records.length === 0) {
    const misplaced = all.find((r) => /^v=spf1/i.test(r.text));
    return [
      fail('tls-rpt', misplaced ? 'misplaced-spf' : 'missing', 'Low', {
        title: 'No TLS reporting (TLS-RPT) record',
        evidence: misplaced
          ? `${name} holds an SPF record instead: ${quote(misplaced.text)}.`
          : `No TXT record starting with "v=TLSRPTv1" at ${name}.`,
        recommendation,
      }),
    ];
  }
  const record = records[0]?.text ?? '';
  const rua =
    /(?:^|;)\s*rua=([^;]+)/
      .exec(record)?.[1]
      ?.split(',')
      .map((u) => u.trim()) ?? [];
  const badUri = rua.find((u) => !/^(?:mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/i.test(u));
  if (records.length > 1 || rua.length === 0 || badUri) {
    return [
      fail('tls-rpt', 'invalid', 'Low', {
        title: 'The TLS-RPT record is not valid',
        evidence:
          records.length > 1
            ? `${records.length} records at ${name}.`
            : `${quote(record)}: ${rua.length === 0 ? 'no rua= address' : `"${badUri}" is neither mailto: nor https:`}.`,
        recommendation,
      }),
    ];
  }
  return [pass('tls-rpt', 'valid', { title: 'TLS reporting is set up', evidence: quote(record) })];
}
