// The agent updates itself: from the server's signed manifest, to a newer build for its own
// system, verified by signature and SHA-256 before it replaces the running file. Anything that
// goes wrong leaves the old agent in place, working.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import type { AgentManifest, AgentManifestBuild } from '@castellan/contract';
import { compareAgentVersions } from '@castellan/contract/agent-releases';
import type { AgentTarget } from '@castellan/contract/agent-targets';
import { AgentError } from './agent-error';
import type { CliDeps } from './cli-deps';
import { type AgentConfig, writeConfig } from './config-file';
import { serverClient, userAgent } from './server-client';

/** An Ed25519 public key in SPKI is this prefix and the 32 raw bytes. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
/** No build of the agent comes near this; a manifest saying more is not believed. */
export const MAX_BUILD_BYTES = 400 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** The running agent as a file that can be replaced; null when run by Node from its script. */
export type SelfFile = { path: string; target: AgentTarget } | null;

export type UpdateOutcome =
  | { kind: 'current'; version: string }
  | { kind: 'updated'; from: string; to: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string };

/** Checks the manifest and updates when it names a newer build; remembers the outcome. */
export async function updateAgent(deps: CliDeps, config: AgentConfig): Promise<UpdateOutcome> {
  const outcome = await tryUpdate(deps, config);
  if (outcome.kind === 'updated') {
    const { lastUpdateError: _, ...rest } = config;
    await writeConfig(deps.configHome, {
      ...rest,
      lastUpdate: { at: deps.now().toISOString(), from: outcome.from, to: outcome.to },
    });
  } else if (outcome.kind === 'failed') {
    await writeConfig(deps.configHome, { ...config, lastUpdateError: outcome.reason });
  } else if (outcome.kind === 'current' && config.lastUpdateError) {
    const { lastUpdateError: _, ...rest } = config;
    await writeConfig(deps.configHome, rest);
  }
  return outcome;
}

/** One line for the person at the terminal, or null when there is nothing to say. */
export function describeUpdate(outcome: UpdateOutcome): string | null {
  switch (outcome.kind) {
    case 'updated':
      return `Updated the agent from ${outcome.from} to ${outcome.to}; the next run uses it.`;
    case 'failed':
      return `Could not update the agent: ${outcome.reason} This version keeps working.`;
    default:
      return null;
  }
}

async function tryUpdate(deps: CliDeps, config: AgentConfig): Promise<UpdateOutcome> {
  const self = deps.self;
  if (!self) return { kind: 'skipped', reason: 'run from its script, Node updates it instead' };
  if (!config.updateKey) return { kind: 'skipped', reason: 'the server has not given its key' };
  const current = deps.device.agentVersion;
  let manifest: AgentManifest;
  try {
    const signed = await serverClient(config.server, deps.fetch, userAgent(current)).manifest();
    manifest = verifiedManifest(signed.manifest, signed.signature, config.updateKey);
  } catch (error) {
    return failed(error);
  }
  const newer = compareAgentVersions(manifest.version, current);
  // Never to an older or equal version: an old manifest replayed cannot downgrade the agent.
  if (newer === null || newer <= 0) return { kind: 'current', version: current };
  const build = manifest.builds[self.target];
  if (!build) {
    return {
      kind: 'failed',
      reason: `the server has no ${manifest.version} build for this system.`,
    };
  }
  try {
    await replaceWith(deps, config.server, self.path, build, manifest.version);
  } catch (error) {
    return failed(error);
  }
  return { kind: 'updated', from: current, to: manifest.version };
}

function failed(error: unknown): UpdateOutcome {
  const reason = error instanceof Error ? error.message : String(error);
  return { kind: 'failed', reason: /[.!?]$/.test(reason) ? reason : `${reason}.` };
}

/** The manifest, parsed only once its signature verifies with the kept key. */
export function verifiedManifest(encoded: string, signature: string, key: string): AgentManifest {
  const bytes = Buffer.from(encoded, 'base64');
  const publicKey = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(key, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  if (!verify(null, bytes, publicKey, Buffer.from(signature, 'base64'))) {
    throw new AgentError("the update manifest's signature does not verify with the server's key.");
  }
  const value = JSON.parse(bytes.toString('utf8')) as Partial<AgentManifest>;
  if (value.format !== 1 || typeof value.version !== 'string' || typeof value.builds !== 'object') {
    throw new AgentError('the update manifest is of a kind this agent does not read.');
  }
  return value as AgentManifest;
}

/**
 * Downloads the build beside the running file, checks its size, SHA-256 and that it runs and
 * names the manifest's version, then renames it over the running file (Windows, which cannot
 * replace a running program, moves the old one aside first, to `<file>.old`).
 */
async function replaceWith(
  deps: CliDeps,
  server: string,
  file: string,
  build: AgentManifestBuild,
  version: string,
): Promise<void> {
  if (!build.path.startsWith('/api/agent/download/')) {
    throw new AgentError('the update manifest names a download elsewhere than this server.');
  }
  if (!Number.isSafeInteger(build.bytes) || build.bytes <= 0 || build.bytes > MAX_BUILD_BYTES) {
    throw new AgentError('the update manifest gives an impossible size.');
  }
  const next = `${file}.next`;
  const old = `${file}.old`;
  // What an earlier update left: the replaced program (Windows) or an unfinished download.
  await rm(old, { force: true }).catch(() => {});
  await rm(next, { force: true });
  try {
    await download(deps, `${server}${build.path}`, next, build);
    if (deps.device.platform !== 'win32') await chmod(next, 0o755);
    const answer = await deps.selfTest(next);
    if (answer !== `castellan-agent ${version}`) {
      throw new AgentError(
        `the new build answered "${answer ?? 'nothing'}" instead of castellan-agent ${version}.`,
      );
    }
    if (deps.device.platform === 'win32') {
      await rename(file, old);
      try {
        await rename(next, file);
      } catch (error) {
        await rename(old, file);
        throw error;
      }
    } else {
      await rename(next, file);
    }
  } catch (error) {
    await rm(next, { force: true }).catch(() => {});
    throw error;
  }
}

async function download(
  deps: CliDeps,
  url: string,
  file: string,
  build: AgentManifestBuild,
): Promise<void> {
  let response: Response;
  try {
    response = await deps.fetch(url, {
      headers: { 'user-agent': userAgent(deps.device.agentVersion) },
      redirect: 'manual',
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new AgentError(`could not download the new build: ${(error as Error).message}`);
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    throw new AgentError(`the server answered ${response.status} to the download.`);
  }
  const hash = createHash('sha256');
  let bytes = 0;
  const out = createWriteStream(file, { mode: 0o700 });
  const sink = Writable.toWeb(out);
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      if (bytes > build.bytes) {
        controller.error(new AgentError('the download is larger than the manifest says.'));
        return;
      }
      hash.update(chunk);
      controller.enqueue(chunk);
    },
  });
  await response.body
    .pipeThrough(counted)
    .pipeTo(sink)
    .catch(async (error) => {
      // The file opens asynchronously, perhaps after the abort: wait until it is closed so the
      // caller's clean-up finds it rather than racing its creation.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      throw error;
    });
  if (bytes !== build.bytes) {
    throw new AgentError(`the download has ${bytes} bytes, the manifest says ${build.bytes}.`);
  }
  const sha256 = hash.digest('hex');
  if (sha256 !== build.sha256) {
    throw new AgentError(`the download's SHA-256 (${sha256}) is not the manifest's.`);
  }
}
