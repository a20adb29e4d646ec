import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the build's own script, plain JavaScript without types
import { signingIdentity, signWithIdentity } from '../scripts/sign-with-identity.mjs';

// The Windows build signed with an Authenticode certificate through osslsigncode, as the build
// does when AGENT_WINDOWS_SIGN_PKCS12 is set: a self-signed code-signing certificate made here
// with openssl stands in for a real one, and osslsigncode verifies the signature against it.

const BUILD = path.resolve(import.meta.dirname, '../dist/castellan-agent-windows-x64.exe');
const dir = mkdtempSync(path.join(tmpdir(), 'castellan-sign-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tools = ['openssl', 'osslsigncode'].filter((tool) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
});

/** A self-signed certificate for code signing, with its key in a .p12 protected by `password`. */
function certificate(password: string): { p12: string; pem: string } {
  const key = path.join(dir, 'key.pem');
  const pem = path.join(dir, 'cert.pem');
  const p12 = path.join(dir, 'cert.p12');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=Castellan Test Signing',
      '-addext',
      'extendedKeyUsage=codeSigning',
      '-keyout',
      key,
      '-out',
      pem,
    ],
    { stdio: 'pipe' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key, '-in', pem, '-out', p12, '-passout', `pass:${password}`],
    { stdio: 'pipe' },
  );
  return { p12, pem };
}

describe('signing the builds with a configured identity', () => {
  it('chooses Authenticode for Windows and Developer ID for macOS only when configured', () => {
    const env = {
      AGENT_WINDOWS_SIGN_PKCS12: '/keys/w.pfx',
      AGENT_MACOS_SIGN_PKCS12: '/keys/m.p12',
    };
    expect(signingIdentity('win32-arm64', env)).toMatchObject({
      kind: 'Authenticode',
      pkcs12: '/keys/w.pfx',
    });
    expect(signingIdentity('darwin-arm64', env)).toMatchObject({
      kind: 'Developer ID',
      pkcs12: '/keys/m.p12',
    });
    expect(signingIdentity('linux-x64', env)).toBeNull();
    expect(signingIdentity('win32-x64', {})).toBeNull();
  });

  it.skipIf(tools.length > 0)(
    'signs the Windows build so that osslsigncode verifies it, and says why when it cannot',
    async () => {
      if (!existsSync(BUILD))
        throw new Error(
          'dist/castellan-agent-windows-x64.exe is missing: run `npm run agent:build`.',
        );
      const { p12, pem } = certificate('correct horse');
      const file = path.join(dir, 'castellan-agent-windows-x64.exe');
      copyFileSync(BUILD, file);
      const identity = signingIdentity('win32-x64', {
        AGENT_WINDOWS_SIGN_PKCS12: p12,
        AGENT_WINDOWS_SIGN_PASSWORD: 'correct horse',
      });
      await signWithIdentity(file, identity);

      const verified = execFileSync('osslsigncode', ['verify', '-CAfile', pem, '-in', file], {
        encoding: 'utf8',
      });
      expect(verified).toMatch(/Signature verification: ok/);
      expect(verified).toContain('Castellan Test Signing');
      // The PE's certificate table (data directory 4) now points at the signature.
      const pe = readFileSync(file);
      const header = pe.readUInt32LE(0x3c);
      const certificateTable = header + 24 + 112 + 4 * 8;
      expect(pe.readUInt32LE(certificateTable)).toBeGreaterThan(0);
      expect(pe.readUInt32LE(certificateTable + 4)).toBeGreaterThan(0);

      const wrong = signingIdentity('win32-x64', {
        AGENT_WINDOWS_SIGN_PKCS12: p12,
        AGENT_WINDOWS_SIGN_PASSWORD: 'wrong',
      });
      const other = path.join(dir, 'unsigned.exe');
      copyFileSync(BUILD, other);
      await expect(signWithIdentity(other, wrong)).rejects.toThrow(/osslsigncode could not sign/);
      expect(existsSync(`${other}.signed`)).toBe(false);
    },
    60_000,
  );

  it('says plainly when the tool for a configured identity is missing', async () => {
    const identity = signingIdentity('darwin-arm64', { AGENT_MACOS_SIGN_PKCS12: '/keys/m.p12' });
    const saved = process.env.PATH;
    process.env.PATH = dir;
    try {
      await expect(signWithIdentity(path.join(dir, 'x'), identity)).rejects.toThrow(
        'AGENT_MACOS_SIGN_PKCS12 is set, but rcodesign is not installed.',
      );
    } finally {
      process.env.PATH = saved;
    }
  });
});
