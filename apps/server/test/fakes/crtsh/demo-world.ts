// Brightwave's certificates as CT logs show them: the fake crt.sh of run-crtsh.ts (and of the demo
// once it is wired in). Under the domain: the website (apex and www, renewed, its previous
// certificate expired), mail, a VPN, a wildcard, and an old `legacy` host whose certificate
// expired. Beside it, two names a substring search also finds, which are not the domain's.
import { type CertificateSeed, ISSUERS } from './world';

const DAY = 86_400_000;

export function demoCertificates(
  domain = 'brightwave.example',
  now = new Date(),
): CertificateSeed[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const valid = (from: number, to: number) => ({ notBefore: at(from), notAfter: at(to) });
  return [
    { names: [domain, `www.${domain}`], ...valid(-120, -30) },
    { names: [domain, `www.${domain}`], ...valid(-35, 55) },
    { names: [`mail.${domain}`], issuer: ISSUERS.sectigo, ...valid(-100, 265) },
    { names: [`vpn.${domain}`], ...valid(-10, 80) },
    {
      names: [`*.${domain}`, domain],
      commonName: `*.${domain}`,
      issuer: ISSUERS.digicert,
      ...valid(-200, 165),
    },
    { names: [`legacy.${domain}`], ...valid(-500, -135) },
    // Not the domain's: a host of another company that has the domain's name inside its own, and
    // (for a search without `%.`) a look-alike domain.
    { names: [`static.${domain}.cdn-edge.test`], ...valid(-20, 70) },
    { names: [`not${domain}`, `www.not${domain}`], ...valid(-40, 50) },
  ];
}
