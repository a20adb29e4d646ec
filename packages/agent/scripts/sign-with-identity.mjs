// Signs the agent's executables with a signing identity when one is configured: the Windows
// builds with an Authenticode certificate through osslsigncode (Debian's `osslsigncode`), the
// macOS builds with an Apple Developer ID certificate through rcodesign (apple-codesign, which
// runs on Linux too) with the hardened runtime notarization asks for. Without an identity the
// Windows builds stay unsigned and the macOS ones keep the build's ad-hoc signature.
//
//   AGENT_WINDOWS_SIGN_PKCS12       the certificate and its key, as a .p12/.pfx file
//   AGENT_WINDOWS_SIGN_PASSWORD     its password (optional)
//   AGENT_WINDOWS_SIGN_TIMESTAMP_URL  an RFC 3161 time-stamping server (optional, recommended)
//   AGENT_MACOS_SIGN_PKCS12         the Developer ID Application certificate and key, as .p12
//   AGENT_MACOS_SIGN_PASSWORD       its password (optional)
//
// The password goes to the tool in a file readable by this user only, never on a command line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Which identity, if any, the environment configures for a target's system. */
export function signingIdentity(target, env = process.env) {
  if (target.startsWith('win32-') && env.AGENT_WINDOWS_SIGN_PKCS12) {
    return {
      kind: 'Authenticode',
      pkcs12: env.AGENT_WINDOWS_SIGN_PKCS12,
      password: env.AGENT_WINDOWS_SIGN_PASSWORD ?? '',
      timestampUrl: env.AGENT_WINDOWS_SIGN_TIMESTAMP_URL || null,
    };
  }
  if (target.startsWith('darwin-') && env.AGENT_MACOS_SIGN_PKCS12) {
    return {
      kind: 'Developer ID',
      pkcs12: env.AGENT_MACOS_SIGN_PKCS12,
      password: env.AGENT_MACOS_SIGN_PASSWORD ?? '',
    };
  }
  return null;
}

/** Signs `file` in place with the identity; throws with the tool's own words when it cannot. */
export async function signWithIdentity(file, identity) {
  const secrets = mkdtempSync(path.join(tmpdir(), 'castellan-sign-'));
  const passwordFile = path.join(secrets, 'password');
  writeFileSync(passwordFile, identity.password, { mode: 0o600 });
  try {
    if (identity.kind === 'Authenticode') await authenticode(file, identity, passwordFile);
    else developerId(file, identity, passwordFile);
  } finally {
    rmSync(secrets, { recursive: true, force: true });
  }
}

async function authenticode(file, identity, passwordFile) {
  const signed = `${file}.signed`;
  const args = ['sign', '-pkcs12', identity.pkcs12, '-readpass', passwordFile];
  args.push('-n', 'Castellan Agent', '-h', 'sha256');
  if (identity.timestampUrl) args.push('-ts', identity.timestampUrl);
  args.push('-in', file, '-out', signed);
  try {
    run('osslsigncode', args, 'AGENT_WINDOWS_SIGN_PKCS12 is set');
    await rename(signed, file);
  } finally {
    await rm(signed, { force: true });
  }
}

function developerId(file, identity, passwordFile) {
  run(
    'rcodesign',
    [
      'sign',
      '--p12-file',
      identity.pkcs12,
      '--p12-password-file',
      passwordFile,
      '--code-signature-flags',
      'runtime',
      '--for-notarization',
      file,
    ],
    'AGENT_MACOS_SIGN_PKCS12 is set',
  );
}

function run(tool, args, why) {
  try {
    execFileSync(tool, args, { stdio: 'pipe' });
  } catch (error) {
    if (error.code === 'ENOENT') throw new Error(`${why}, but ${tool} is not installed.`);
    const said = `${error.stderr ?? ''}${error.stdout ?? ''}`
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ');
    throw new Error(`${tool} could not sign: ${said || error.message}`);
  }
}
