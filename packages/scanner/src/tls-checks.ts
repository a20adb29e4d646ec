// The website's TLS: which protocol versions it accepts, and its certificate.
import type { SecureVersion } from 'node:tls';
import type { ScanFinding } from '@castellan/contract';
import { fail, info, notTested, pass } from './checks';
import type { ScanContext } from './context';
import { handshake, issuerName } from './tls-probe';

const VERSIONS: SecureVersion[] = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];
const DAY = 86_400_000;

/** Findings for a web check when there is no website or no HTTPS to test; null to go on. */
async function withoutHttps(
  ctx: ScanContext,
  check: 'tls-versions' | 'certificate',
): Promise<ScanFinding[] | null> {
  const { host, error } = await ctx.webHost();
  if (!host) {
    return error
      ? [notTested(check, `The website's address could not be looked up: ${error}.`)]
      : [
          info(check, 'no-website', {
            title: 'No website to test',
            evidence: `${ctx.domain} and www.${ctx.domain} have no address.`,
          }),
        ];
  }
  const tls = await ctx.tls();
  if (tls && !tls.ok) return [notTested(check, `No TLS connection to ${host}: ${tls.error}.`)];
  return null;
}

export async function checkTlsVersions(ctx: ScanContext): Promise<ScanFinding[]> {
  const skip = await withoutHttps(ctx, 'tls-versions');
  if (skip) return skip;
  const { host } = await ctx.webHost();
  if (!host) return [];
  const accepted = await Promise.all(
    VERSIONS.map((version) =>
      handshake(ctx.net, host, { minVersion: version, maxVersion: version }).then(
        (h) => h.protocol === version,
        () => false,
      ),
    ),
  );
  const offered = VERSIONS.filter((_, i) => accepted[i]);
  const evidence = `${host} accepts ${offered.length > 0 ? offered.join(', ') : 'none of TLS 1.0–1.3'}.`;
  const legacy = offered.filter((v) => v === 'TLSv1' || v === 'TLSv1.1');
  const modern = offered.filter((v) => v === 'TLSv1.2' || v === 'TLSv1.3');
  const findings: ScanFinding[] = [];
  if (modern.length === 0) {
    findings.push(
      fail('tls-versions', 'no-modern', 'Critical', {
        title: 'The website offers no current TLS version',
        evidence,
        recommendation: 'Turn on TLS 1.2 and TLS 1.3: browsers refuse older versions.',
      }),
    );
  }
  if (legacy.length > 0) {
    findings.push(
      fail('tls-versions', 'legacy', 'High', {
        title: 'The website still accepts TLS 1.0 or 1.1',
        evidence,
        recommendation:
          'These versions have known weaknesses and no current browser needs them. Turn them off in the web server or hosting settings.',
      }),
    );
  }
  if (modern.length > 0 && !offered.includes('TLSv1.3')) {
    findings.push(
      fail('tls-versions', 'no-tls13', 'Low', {
        title: 'The website does not offer TLS 1.3',
        evidence,
        recommendation: 'Turn on TLS 1.3: it is faster and drops weak options.',
      }),
    );
  }
  return findings.length > 0
    ? findings
    : [
        pass('tls-versions', 'modern', {
          title: 'The website uses only current TLS versions',
          evidence,
        }),
      ];
}

/**
 * Handshake errors that are not about trust: expiry, and a name the certificate does not cover
 * (Node reports that as an authorisation error too; `hostnameError` says it once, below).
 */
const NOT_TRUST_ERRORS = new Set(['CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']);

export async function checkCertificate(ctx: ScanContext): Promise<ScanFinding[]> {
  const skip = await withoutHttps(ctx, 'certificate');
  if (skip) return skip;
  const [{ host }, tls] = await Promise.all([ctx.webHost(), ctx.tls()]);
  if (!host || !tls?.ok) return [];
  const { handshake: h } = tls;
  const cert = h.certificate;
  if (!cert) return [notTested('certificate', `${host} sent no certificate.`)];
  const issuer = issuerName(cert) ?? 'unknown issuer';
  const notAfter = new Date(cert.valid_to);
  const daysLeft = Math.floor((notAfter.getTime() - ctx.options.now().getTime()) / DAY);
  const described = `Certificate for ${cert.subjectaltname ?? cert.subject?.CN ?? '?'} from ${issuer}, valid until ${notAfter.toISOString().slice(0, 10)}`;
  const renew =
    'Renew the certificate (most hosts and Let’s Encrypt can do this automatically) and install it on the web server.';
  const findings: ScanFinding[] = [];
  if (h.authorizationError === 'CERT_HAS_EXPIRED' || daysLeft < 0) {
    findings.push(
      fail('certificate', 'expired', 'Critical', {
        title: 'The website’s certificate has expired',
        evidence: `${described} (${-daysLeft} days ago).`,
        recommendation: `Browsers show visitors a full-page warning. ${renew}`,
      }),
    );
  } else if (h.authorizationError && !NOT_TRUST_ERRORS.has(h.authorizationError)) {
    findings.push(
      fail('certificate', 'untrusted', 'Critical', {
        title: 'The website’s certificate is not trusted',
        evidence: `${described}: ${h.authorizationError}.`,
        recommendation:
          'Browsers show visitors a full-page warning. Use a certificate from a public certificate authority (such as Let’s Encrypt) and serve the full chain.',
      }),
    );
  }
  if (h.hostnameError) {
    findings.push(
      fail('certificate', 'name-mismatch', 'Critical', {
        title: 'The certificate is for another name',
        evidence: `${described}: ${h.hostnameError}.`,
        recommendation: `Browsers show visitors a full-page warning. Get a certificate that covers ${host}.`,
      }),
    );
  }
  if (findings.length === 0) {
    // Let's Encrypt certificates live 90 days and renew at 30: halve the warning windows.
    const shortLived = /let'?s encrypt/i.test(issuer);
    const [urgent, soon] = shortLived ? [15, 30] : [30, 60];
    if (daysLeft < urgent) {
      findings.push(
        fail('certificate', 'expires-very-soon', 'High', {
          title: `The certificate expires in ${daysLeft} days`,
          evidence: `${described}.`,
          recommendation: renew,
        }),
      );
    } else if (daysLeft < soon) {
      findings.push(
        fail('certificate', 'expires-soon', 'Medium', {
          title: `The certificate expires in ${daysLeft} days`,
          evidence: `${described}.`,
          recommendation: renew,
        }),
      );
    }
  }
  if (cert.bits && !cert.asn1Curve && cert.bits < 2048) {
    findings.push(
      fail('certificate', 'weak-key', 'Medium', {
        title: 'The certificate’s key is too short',
        evidence: `${described}, RSA ${cert.bits} bits.`,
        recommendation:
          'Use an RSA key of at least 2048 bits, or an ECDSA key, for the next certificate.',
      }),
    );
  }
  return findings.length > 0
    ? findings
    : [
        pass('certificate', 'valid', {
          title: 'The certificate is valid',
          evidence: `${described} (${daysLeft} days left).`,
        }),
      ];
}
