// E-mail authentication: SPF and DMARC (DKIM is in dkim-check.ts, MX in mx-check.ts).
import type { ScanFinding } from '@castellan/contract';
import { fail, info, notTested, pass, quote } from './checks';
import type { ScanContext } from './context';
import { organisationalDomain } from './dmarc';
import { analyseSpf, spfRecords } from './spf';

const SPF_TASK =
  'Publish one TXT record starting with "v=spf1" that lists every service that sends e-mail for you and ends with "-all" (or "~all" while you check).';

export async function checkSpf(ctx: ScanContext): Promise<ScanFinding[]> {
  const answer = await ctx.dns.txt(ctx.domain);
  if (answer.kind === 'error')
    return [notTested('spf', `The TXT look-up failed: ${answer.message}.`)];
  const records = spfRecords(answer);
  const [first] = records;
  if (!first) {
    return [
      fail('spf', 'missing', 'High', {
        title: 'No SPF record',
        evidence: `${ctx.domain} has no TXT record starting with "v=spf1".`,
        recommendation: `Anyone can send e-mail that claims to come from your domain. ${SPF_TASK}`,
      }),
    ];
  }
  if (records.length > 1) {
    return [
      fail('spf', 'multiple', 'High', {
        title: 'More than one SPF record',
        evidence: records.map((r) => quote(r.text)).join(' and '),
        recommendation:
          'Receivers reject SPF when there are several records (permerror). Merge them into one.',
      }),
    ];
  }
  const spf = await analyseSpf(ctx.dns, ctx.domain, first.text);
  const findings: ScanFinding[] = [];
  const evidence = `${quote(spf.record)}: ${spf.lookups} DNS look-up${spf.lookups === 1 ? '' : 's'}, ${spf.voidLookups} empty.`;
  if (spf.errors.length > 0) {
    findings.push(
      fail('spf', 'invalid', 'High', {
        title: 'The SPF record has errors',
        evidence: `${quote(spf.record)}: ${spf.errors.join('; ')}.`,
        recommendation: `Receivers treat a broken SPF record as an error. Correct it. ${SPF_TASK}`,
      }),
    );
  }
  if (spf.lookups > 10) {
    findings.push(
      fail('spf', 'too-many-lookups', 'High', {
        title: 'The SPF record needs more than 10 DNS look-ups',
        evidence,
        recommendation:
          'Past 10 look-ups receivers stop and treat SPF as an error (RFC 7208 §4.6.4). Remove unused includes, or replace some with ip4:/ip6: ranges.',
      }),
    );
  }
  if (spf.voidLookups > 2) {
    findings.push(
      fail('spf', 'too-many-void-lookups', 'High', {
        title: 'The SPF record points at names that do not exist',
        evidence,
        recommendation:
          'More than 2 look-ups that find nothing make SPF fail. Remove the includes and names that no longer exist.',
      }),
    );
  }
  if (spf.all === '+') {
    findings.push(
      fail('spf', 'pass-all', 'Critical', {
        title: 'SPF allows every server in the world to send as you ("+all")',
        evidence: quote(spf.record),
        recommendation: `Replace "+all" with "-all" after listing your real senders. ${SPF_TASK}`,
      }),
    );
  } else if (spf.all === '?' || spf.all === null) {
    findings.push(
      fail('spf', 'weak-all', 'High', {
        title: 'SPF does not say what to do with other senders',
        evidence: `${quote(spf.record)} ends ${spf.all === '?' ? 'in "?all" (neutral)' : 'without "all", which means neutral'}.`,
        recommendation: 'End the record with "-all" (or "~all") so that other senders fail SPF.',
      }),
    );
  }
  if (spf.usesPtr) {
    findings.push(
      fail('spf', 'ptr', 'Low', {
        title: 'SPF uses the "ptr" mechanism',
        evidence: quote(spf.record),
        recommendation:
          'RFC 7208 §5.5 says not to use "ptr": it is slow and unreliable. Use ip4:/ip6: or include: instead.',
      }),
    );
  }
  if (findings.length > 0) return findings;
  findings.push(pass('spf', 'valid', { title: 'SPF is set up', evidence }));
  if (spf.all === '~') {
    findings.push(
      info('spf', 'soft-fail', {
        title: 'SPF ends in "~all" (soft fail)',
        evidence: quote(spf.record),
        recommendation:
          'Once every service that sends for you is listed, "-all" tells receivers to refuse the rest.',
      }),
    );
  }
  if (spf.warnings.length > 0) {
    findings.push(
      info('spf', 'warnings', { title: 'SPF could be tidier', evidence: spf.warnings.join('; ') }),
    );
  }
  return findings;
}

const DMARC_START =
  'Publish a TXT record at _dmarc.<your domain>, e.g. "v=DMARC1; p=none; rua=mailto:dmarc@<your domain>", read the reports, then move to p=quarantine and p=reject.';

export async function checkDmarc(ctx: ScanContext): Promise<ScanFinding[]> {
  const lookup = await ctx.dmarc();
  if (lookup.kind === 'error')
    return [notTested('dmarc', `The DMARC look-up failed: ${lookup.message}.`)];
  if (lookup.kind === 'missing') {
    return [
      fail('dmarc', 'missing', 'High', {
        title: 'No DMARC record',
        evidence: `No TXT record starting with "v=DMARC1" at _dmarc.${ctx.domain}.`,
        recommendation: `Without DMARC, receivers have no instructions for mail that fakes your domain. ${DMARC_START}`,
      }),
    ];
  }
  const { record, name } = lookup;
  const shown = `${quote(record.text)} at _dmarc.${name}${lookup.inherited ? ' (the organisational domain)' : ''}`;
  if (lookup.records.length > 1) {
    return [
      fail('dmarc', 'multiple', 'High', {
        title: 'More than one DMARC record',
        evidence: lookup.records.map((r) => quote(r)).join(' and '),
        recommendation: 'Receivers ignore DMARC when there are several records. Keep one.',
      }),
    ];
  }
  if (record.errors.length > 0 || record.policy === null) {
    return [
      fail('dmarc', 'invalid', 'High', {
        title: 'The DMARC record has errors',
        evidence: `${shown}: ${record.errors.join('; ')}.`,
        recommendation: `Correct the record. ${DMARC_START}`,
      }),
    ];
  }
  const findings: ScanFinding[] = [];
  // For a subdomain that inherits, the organisational domain's sp= applies.
  const effective =
    lookup.inherited && record.subdomainPolicy ? record.subdomainPolicy : record.policy;
  if (effective === 'none') {
    findings.push(
      fail('dmarc', 'policy-none', 'High', {
        title: 'DMARC only monitors (p=none)',
        evidence: shown,
        recommendation:
          'Mail that fakes your domain is still delivered. When the reports show your own mail passes, move to p=quarantine, then p=reject.',
      }),
    );
  } else if (record.testing && effective === 'quarantine') {
    findings.push(
      fail('dmarc', 'test-mode', 'High', {
        title: 'DMARC is in test mode (t=y)',
        evidence: shown,
        recommendation:
          'With t=y receivers apply a policy one step weaker than p=quarantine. Remove t=y once the reports look right.',
      }),
    );
  } else if (record.percent < 100) {
    findings.push(
      fail('dmarc', 'partial', 'Medium', {
        title: `DMARC applies to only ${record.percent}% of mail`,
        evidence: shown,
        recommendation: 'Remove the pct tag (or set pct=100) so that the policy covers all mail.',
      }),
    );
  }
  if (!lookup.inherited && effective !== 'none' && record.subdomainPolicy === 'none') {
    findings.push(
      fail('dmarc', 'subdomains-none', 'Medium', {
        title: 'DMARC does not protect subdomains (sp=none)',
        evidence: shown,
        recommendation:
          'Anyone can send mail as any subdomain of yours. Remove sp=none or set sp=reject.',
      }),
    );
  }
  if (record.rua.length === 0) {
    findings.push(
      fail('dmarc', 'no-reports', 'Low', {
        title: 'DMARC reports are not requested',
        evidence: shown,
        recommendation:
          'Add rua=mailto:<an address you read> to learn who sends mail as your domain.',
      }),
    );
  } else {
    const unauthorised = await externalReportProblems(ctx, name, record.rua);
    if (unauthorised.length > 0) {
      findings.push(
        fail('dmarc', 'external-reports-unauthorised', 'Medium', {
          title: 'DMARC reports go to a domain that has not agreed to receive them',
          evidence: `${unauthorised.join(', ')}: no "v=DMARC1" record at ${unauthorised.map((host) => `${name}._report._dmarc.${host}`).join(', ')}.`,
          recommendation:
            'Receivers will not send reports there. Ask the report service to authorise your domain (RFC 7489 §7.1) or change the address.',
        }),
      );
    }
  }
  if (findings.length === 0) {
    findings.push(
      pass('dmarc', 'enforced', {
        title: `DMARC is enforced (p=${effective})`,
        evidence: shown,
      }),
    );
  }
  return findings;
}

/** Report hosts outside the domain's organisation that do not authorise it (RFC 7489 §7.1). */
async function externalReportProblems(ctx: ScanContext, domain: string, rua: string[]) {
  const own = organisationalDomain(domain);
  const hosts = [
    ...new Set(rua.map((address) => address.split('@')[1]?.toLowerCase() ?? '')),
  ].filter((host) => host && organisationalDomain(host) !== own);
  const results = await Promise.all(
    hosts.map(async (host) => {
      const answer = await ctx.dns.txt(`${domain}._report._dmarc.${host}`);
      if (answer.kind === 'error') return null;
      const ok =
        answer.kind === 'records' && answer.records.some((r) => /^v\s*=\s*DMARC1/i.test(r.text));
      return ok ? null : host;
    }),
  );
  return results.filter((host): host is string => host !== null);
}
