// MX sanity: mail servers exist, have public addresses and are named properly (or a null MX).
import { isIP } from 'node:net';
import type { ScanFinding } from '@castellan/contract';
import { fail, info, notTested, pass } from './checks';
import type { ScanContext } from './context';

export async function checkMx(ctx: ScanContext): Promise<ScanFinding[]> {
  const facts = await ctx.mx();
  if (facts.kind === 'error') return [notTested('mx', `The MX look-up failed: ${facts.message}.`)];
  if (facts.kind === 'null-mx') {
    if (facts.otherHosts.length > 0) {
      return [
        fail('mx', 'null-mx-mixed', 'High', {
          title: 'A "no mail" MX record sits beside real mail servers',
          evidence: `Null MX ("0 .") together with ${facts.otherHosts.map((h) => h.exchange).join(', ')}.`,
          recommendation:
            'Remove the null MX record if the domain receives mail, or remove the other MX records if it does not.',
        }),
      ];
    }
    return [
      pass('mx', 'null-mx', {
        title: 'The domain says it receives no e-mail (null MX)',
        evidence: 'MX "0 ." (RFC 7505).',
      }),
    ];
  }
  if (facts.kind === 'none') {
    const address = await ctx.dns.hasAddress(ctx.domain);
    if (address.kind !== 'records') {
      return [
        info('mx', 'no-mail', {
          title: 'The domain has no mail servers',
          evidence: `${ctx.domain} has neither MX nor A/AAAA records.`,
        }),
      ];
    }
    return [
      fail('mx', 'missing', 'Medium', {
        title: 'No MX record',
        evidence: `${ctx.domain} has no MX record, so senders try its web server (${address.records.join(', ')}) for mail.`,
        recommendation:
          'Publish MX records for your mail provider, or a null MX ("0 .") if the domain should receive no e-mail.',
      }),
    ];
  }
  const problems: ScanFinding[] = [];
  await Promise.all(
    facts.hosts.slice(0, 10).map(async ({ exchange }) => {
      if (isIP(exchange)) {
        problems.push(
          fail('mx', 'ip-literal', 'High', {
            title: 'An MX record names an IP address',
            evidence: `MX ${exchange} is an address, not a host name.`,
            recommendation: 'MX records must name a mail server by host name.',
          }),
        );
        return;
      }
      const [address, alias] = await Promise.all([
        ctx.dns.hasAddress(exchange),
        ctx.dns.cname(exchange),
      ]);
      if (alias.kind === 'records') {
        problems.push(
          fail('mx', 'cname', 'Low', {
            title: 'An MX host is an alias (CNAME)',
            evidence: `${exchange} is a CNAME for ${alias.records.join(', ')}.`,
            recommendation:
              'Point the MX record at the mail server’s real host name (RFC 2181 §10.3).',
          }),
        );
      }
      if (address.kind === 'error') return;
      if (address.kind !== 'records') {
        problems.push(
          fail('mx', 'host-without-address', 'High', {
            title: 'An MX host does not exist',
            evidence: `${exchange} has no A or AAAA record, so mail for it cannot be delivered.`,
            recommendation: 'Fix or remove the MX record that names it.',
          }),
        );
        return;
      }
      const refused = address.records.map(ctx.net.policy).find((reason) => reason !== null);
      if (refused) {
        problems.push(
          fail('mx', 'private-address', 'High', {
            title: 'An MX host has a non-public address',
            evidence: `${exchange}: ${refused}.`,
            recommendation: 'Mail servers must have public addresses.',
          }),
        );
      }
    }),
  );
  if (problems.length > 0) return problems;
  return [
    pass('mx', 'valid', {
      title: 'Mail servers are set up',
      evidence: facts.hosts.map((h) => `${h.priority} ${h.exchange}`).join(', '),
    }),
  ];
}
