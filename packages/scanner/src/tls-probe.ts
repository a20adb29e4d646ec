// One TLS handshake, through the guard, that never fails on the certificate: trust, expiry and
// host name are read from the socket afterwards, so one handshake yields all three facts.
import type { Socket } from 'node:net';
import tls, { type PeerCertificate, type SecureVersion } from 'node:tls';
import { assertTargetAllowed } from './guard';
import { type Network, withTimeout } from './network';

export type Handshake = {
  protocol: string | null;
  authorized: boolean;
  authorizationError: string | null;
  /** Null when the certificate matches the host name, else why not. */
  hostnameError: string | null;
  certificate: PeerCertificate | null;
};

export type HandshakeOptions = {
  minVersion?: SecureVersion;
  maxVersion?: SecureVersion;
  /** An open connection to upgrade (STARTTLS) instead of dialling. */
  socket?: Socket;
  port?: number;
};

/** Legacy protocols need SHA-1, which OpenSSL 3 allows only at security level 0. */
const LEGACY: SecureVersion[] = ['TLSv1', 'TLSv1.1'];

export function handshake(
  net: Network,
  host: string,
  options: HandshakeOptions = {},
): Promise<Handshake> {
  try {
    assertTargetAllowed(host, net.policy);
  } catch (error) {
    return Promise.reject(error);
  }
  let socket: tls.TLSSocket | undefined;
  const legacy = options.maxVersion !== undefined && LEGACY.includes(options.maxVersion);
  const work = new Promise<Handshake>((resolve, reject) => {
    socket = tls.connect({
      ...(options.socket
        ? { socket: options.socket }
        : { host, port: options.port ?? net.options.ports.https, lookup: net.lookup }),
      servername: host,
      rejectUnauthorized: false,
      ...(net.options.ca ? { ca: net.options.ca } : {}),
      ...(options.minVersion ? { minVersion: options.minVersion } : {}),
      ...(options.maxVersion ? { maxVersion: options.maxVersion } : {}),
      ...(legacy ? { ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
    });
    const connected = socket;
    connected.once('secureConnect', () => {
      const certificate = connected.getPeerCertificate(true);
      const hasCertificate = certificate && Object.keys(certificate).length > 0;
      const identity = hasCertificate ? tls.checkServerIdentity(host, certificate) : undefined;
      resolve({
        protocol: connected.getProtocol(),
        authorized: connected.authorized,
        authorizationError: connected.authorizationError
          ? String(connected.authorizationError)
          : null,
        hostnameError: identity ? identity.message : null,
        certificate: hasCertificate ? certificate : null,
      });
      connected.end();
    });
    connected.once('error', reject);
  });
  return withTimeout(work, net.options.timeouts.probeMs, `${host} (TLS)`, () => socket?.destroy());
}

/** Who issued a certificate: its issuer's organisation, else common name; null for neither. */
export function issuerName(certificate: PeerCertificate): string | null {
  const { O, CN } = certificate.issuer ?? {};
  const name = [O ?? CN ?? []].flat().join(', ');
  return name === '' ? null : name;
}
