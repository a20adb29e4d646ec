// The signed manifest of the agent builds this server hands out, which agents update themselves
// from, and the key that signs it.
import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject, sign } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENT_TARGETS,
  type AgentManifest,
  type AgentManifestResponse,
  parseAgentVersion,
} from '@castellan/contract';
import { agentBuild } from './downloads';

/** An Ed25519 private key in PKCS#8 is this prefix and the 32-byte seed. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const KEY_INFO = 'castellan agent manifest ed25519 v1';

export type ManifestSigner = {
  /** The raw 32-byte public key, base64: what agents keep and verify with. */
  publicKey: string;
  sign(data: Buffer): string;
};

/**
 * The signing key is derived from the server's encryption key (HKDF-SHA-256), so that it is
 * held where that key is held (ENCRYPTION_KEY, or the embedded database's data folder), is the
 * same in every process of one installation, and needs no second secret to manage.
 */
export function manifestSigner(encryptionKey: Buffer): ManifestSigner {
  const seed = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), KEY_INFO, 32));
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    publicKey: spki.subarray(spki.length - 32).toString('base64'),
    sign: (data) => sign(null, data, privateKey).toString('base64'),
  };
}

/** The version of the builds in `distDir` (the build's executables.json), or null when none. */
export async function buildVersion(distDir: string): Promise<string | null> {
  const file = path.join(distDir, 'executables.json');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  if (cachedVersion?.mtimeMs === info.mtimeMs) return cachedVersion.version;
  let version: string | null = null;
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as { version?: unknown };
    if (typeof value.version === 'string' && parseAgentVersion(value.version)) {
      version = value.version;
    }
  } catch {}
  cachedVersion = { mtimeMs: info.mtimeMs, version };
  return version;
}
let cachedVersion: { mtimeMs: number; version: string | null } | null = null;

/** The signed manifest of the builds on disk, or null when this server has no versioned build. */
export async function signedManifest(
  distDir: string,
  signer: ManifestSigner,
  now = new Date(),
): Promise<AgentManifestResponse | null> {
  const version = await buildVersion(distDir);
  if (!version) return null;
  const manifest: AgentManifest = { format: 1, version, issuedAt: now.toISOString(), builds: {} };
  for (const target of AGENT_TARGETS) {
    const build = await agentBuild(distDir, target);
    if (build) {
      manifest.builds[target] = {
        path: `/api/agent/download/${target}`,
        bytes: build.bytes,
        sha256: build.sha256,
      };
    }
  }
  const bytes = Buffer.from(JSON.stringify(manifest), 'utf8');
  return { manifest: bytes.toString('base64'), signature: signer.sign(bytes) };
}
