// DNS security: DNSSEC and CAA.
//
// DNSSEC is judged by asking the configured recursive resolver with the DNSSEC OK bit and reading
// its Authenticated Data flag, so the verdict is only as good as that resolver: production must
// use a validating resolver (SCAN_DNS_SERVERS, e.g. 9.9.9.9 or 1.1.1.1; the system's resolver
// may not validate). A SERVFAIL that disappears with Checking Disabled means the signatures are
// broken (bogus). Signatures are not validated here.
import type { ScanFinding } from '@castellan/contract';
import { fail, notTested, pass, quote } from './checks';
import type { ScanContext } from './context';
import type { CaaRecord } from './dns-client';
import { type FlagsAnswer, parseServer, queryWithDnssec, RCODE, RR_TYPE } from './raw-dns';

export async function checkDnssec(ctx: ScanContext): Promise<ScanFinding[]> {
  const [first] = ctx.dns.servers();
  if (!first) return [notTested('dnssec', 'No DNS server is configured.')];
  const server = parseServer(first);
  const ask = (type: number, checkingDisabled: boolean) =>
    queryWithDnssec(server, ctx.domain, type, {
      checkingDisabled,
      timeoutMs: ctx.options.timeouts.dnsMs,
    });
  let answer: FlagsAnswer;
  let keys: FlagsAnswer;
  try {
    // Both at once; the DNSKEY question (with CD) is only read when the answer is not validated.
    [answer, keys] = await Promise.all([ask(RR_TYPE.SOA, false), ask(RR_TYPE.DNSKEY, true)]);
  } catch (error) {
    return [notTested('dnssec', `The DNSSEC look-up failed: ${(error as Error).message}.`)];
  }
  if (answer.rcode === RCODE.SERVFAIL) {
    if (keys.rcode === RCODE.NOERROR || keys.rcode === RCODE.NXDOMAIN) {
      return [
        fail('dnssec', 'bogus', 'Critical', {
          title: 'DNSSEC is broken: validating resolvers cannot look up the domain',
          evidence: `The resolver answers SERVFAIL for ${ctx.domain}, but answers when validation is switched off (CD), so the signatures do not validate.`,
          recommendation:
            'Fix it now: re-sign the zone or correct the DS record at your registrar (or remove it to switch DNSSEC off). Until then, many people cannot reach your website or send you e-mail.',
        }),
      ];
    }
    return [notTested('dnssec', `The resolver answers SERVFAIL for ${ctx.domain}.`)];
  }
  if (answer.authenticated) {
    return [
      pass('dnssec', 'secure', {
        title: 'DNSSEC protects the domain',
        evidence: `The validating resolver marked the answer for ${ctx.domain} as authenticated (AD).`,
      }),
    ];
  }
  if (keys.answerTypes.includes(RR_TYPE.DNSKEY)) {
    return [
      fail('dnssec', 'no-chain-of-trust', 'Medium', {
        title: 'The zone is signed but DNSSEC is not in effect',
        evidence: `${ctx.domain} publishes DNSKEY records, but the resolver did not authenticate its answers: the DS record at the parent zone is probably missing.`,
        recommendation:
          'Publish the DS record for your key at your registrar, so that resolvers can check your signatures.',
      }),
    ];
  }
  return [
    fail('dnssec', 'unsigned', 'Medium', {
      title: 'DNSSEC is not turned on',
      evidence: `The answer for ${ctx.domain} is not authenticated and the zone publishes no DNSKEY.`,
      recommendation:
        'Turn on DNSSEC at your DNS host (often one switch) so that forged DNS answers can be detected.',
    }),
  ];
}

const caaRecommendation =
  'Publish CAA records naming the certificate authorities you use (e.g. 0 issue "letsencrypt.org"), so no other CA will issue certificates for your domain.';

export async function checkCaa(ctx: ScanContext): Promise<ScanFinding[]> {
  // RFC 8659 §3: the closest name up the tree with CAA records decides. All levels at once.
  const labels = ctx.domain.split('.');
  const names = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
  const answers = await Promise.all(names.map((name) => ctx.dns.caa(name)));
  let records: CaaRecord[] | null = null;
  let at = '';
  for (const [i, answer] of answers.entries()) {
    if (answer.kind === 'error') {
      return [notTested('caa', `The CAA look-up for ${names[i]} failed: ${answer.message}.`)];
    }
    if (answer.kind === 'records') {
      records = answer.records.slice(0, 100);
      at = names[i] ?? '';
      break;
    }
  }
  if (!records) {
    return [
      fail('caa', 'missing', 'Low', {
        title: 'No CAA record',
        evidence: `No CAA record at ${names.join(', ')}: any certificate authority may issue certificates for the domain.`,
        recommendation: caaRecommendation,
      }),
    ];
  }
  const shown = records.map((r) => `${r.critical} ${r.tag} ${quote(r.value, 80)}`).join(', ');
  const problems: string[] = [];
  for (const r of records) {
    if (r.tag === 'iodef' && !/^(?:mailto:|https?:\/\/)/i.test(r.value)) {
      problems.push(`iodef "${r.value}" is neither mailto: nor http(s):`);
    }
    if (
      r.critical & 128 &&
      !['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc'].includes(r.tag)
    ) {
      problems.push(`unknown critical tag "${r.tag}" blocks every certificate authority`);
    }
  }
  if (problems.length > 0) {
    return [
      fail('caa', 'invalid', 'Low', {
        title: 'A CAA record is not valid',
        evidence: `At ${at}: ${problems.join('; ')}.`,
        recommendation: caaRecommendation,
      }),
    ];
  }
  if (!records.some((r) => r.tag === 'issue' || r.tag === 'issuewild')) {
    return [
      fail('caa', 'no-issue', 'Low', {
        title: 'CAA records do not say who may issue certificates',
        evidence: `At ${at}: ${shown}.`,
        recommendation: caaRecommendation,
      }),
    ];
  }
  return [
    pass('caa', 'valid', {
      title: 'CAA limits who may issue certificates',
      evidence: `At ${at}: ${shown}.`,
    }),
  ];
}
