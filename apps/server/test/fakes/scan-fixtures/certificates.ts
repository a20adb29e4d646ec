// A throwaway certificate authority for the scanner's fixtures, made with the openssl command
// line at test time (no private key is committed). Leaves are ECDSA P-256; `openssl ca` is used
// because it can backdate, which the expired fixture needs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Pem = { key: string; cert: string };

export type TestCa = {
  /** The CA certificate: pass it as the scanner's `ca`. */
  cert: string;
  /** A leaf for these names (the first is the subject), valid for `days` from yesterday. */
  issue(names: string[], options?: { days?: number; expired?: boolean }): Pem;
  /** A self-signed leaf no one trusts. */
  selfSigned(names: string[]): Pem;
  /** Deletes the working directory (keys included). */
  dispose(): void;
};

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
const stamp = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

export function createTestCa(): TestCa {
  const dir = mkdtempSync(path.join(tmpdir(), 'castellan-scan-ca-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  mkdirSync(file('issued'));
  writeFileSync(file('index.txt'), '');
  writeFileSync(file('serial'), '1000\n');
  writeFileSync(
    file('ca.cnf'),
    [
      '[ca]',
      'default_ca = fixture',
      '[fixture]',
      `dir = ${dir}`,
      'database = $dir/index.txt',
      'new_certs_dir = $dir/issued',
      'certificate = $dir/ca.pem',
      'private_key = $dir/ca.key',
      'serial = $dir/serial',
      'default_md = sha256',
      'policy = anything',
      'unique_subject = no',
      'copy_extensions = none',
      '[anything]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  openssl(
    'req',
    '-x509',
    ...EC,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '3650',
    '-subj',
    '/O=Castellan fixtures/CN=Castellan Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  let counter = 0;
  const extensions = (names: string[]) =>
    [
      '[leaf]',
      `subjectAltName = ${names.map((n) => `DNS:${n}`).join(',')}`,
      'basicConstraints = CA:FALSE',
      'keyUsage = critical,digitalSignature',
      'extendedKeyUsage = serverAuth',
      '',
    ].join('\n');

  return {
    cert: readFileSync(file('ca.pem'), 'utf8'),
    issue(names, options = {}) {
      counter += 1;
      const base = `leaf${counter}`;
      const now = Date.now();
      const [start, end] = options.expired
        ? [new Date('2020-01-01T00:00:00Z'), new Date('2020-02-01T00:00:00Z')]
        : [new Date(now - 86_400_000), new Date(now + (options.days ?? 365) * 86_400_000)];
      writeFileSync(file(`${base}.ext`), extensions(names));
      openssl(
        'req',
        '-new',
        ...EC,
        '-keyout',
        `${base}.key`,
        '-out',
        `${base}.csr`,
        '-subj',
        `/CN=${names[0]}`,
      );
      openssl(
        'ca',
        '-batch',
        '-notext',
        '-config',
        'ca.cnf',
        '-in',
        `${base}.csr`,
        '-out',
        `${base}.pem`,
        '-startdate',
        stamp(start),
        '-enddate',
        stamp(end),
        '-extfile',
        `${base}.ext`,
        '-extensions',
        'leaf',
      );
      return {
        key: readFileSync(file(`${base}.key`), 'utf8'),
        cert: readFileSync(file(`${base}.pem`), 'utf8'),
      };
    },
    selfSigned(names) {
      counter += 1;
      const base = `self${counter}`;
      openssl(
        'req',
        '-x509',
        ...EC,
        '-keyout',
        `${base}.key`,
        '-out',
        `${base}.pem`,
        '-days',
        '365',
        '-subj',
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      );
      return {
        key: readFileSync(file(`${base}.key`), 'utf8'),
        cert: readFileSync(file(`${base}.pem`), 'utf8'),
      };
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
