import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  AGENT_TARGET_FILES,
  AGENT_TARGETS,
  type AgentDownload,
  type AgentTarget,
} from '@castellan/contract';

/** A build on disk, or null when this server has none for the target. */
export async function agentBuild(
  distDir: string,
  target: AgentTarget,
): Promise<{ path: string; bytes: number; sha256: string; fileName: string } | null> {
  const { fileName } = AGENT_TARGET_FILES[target];
  const file = path.join(distDir, fileName);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { path: file, bytes: info.size, sha256: await sha256Of(file, info), fileName };
}

/** Whether this server has a build of the agent for any system (`npm run build` makes them). */
export async function hasAgentBuild(distDir: string): Promise<boolean> {
  const found = await Promise.all(
    AGENT_TARGETS.map((target) =>
      stat(path.join(distDir, AGENT_TARGET_FILES[target].fileName)).then(
        (info) => info.isFile(),
        () => false,
      ),
    ),
  );
  return found.includes(true);
}

/** Every target, with its file when this server has one (`npm run build` makes them). */
export async function agentDownloads(distDir: string): Promise<AgentDownload[]> {
  return Promise.all(
    AGENT_TARGETS.map(async (target) => {
      const build = await agentBuild(distDir, target);
      const { fileName, label } = AGENT_TARGET_FILES[target];
      return {
        target,
        label,
        fileName,
        file: build
          ? { url: `/api/agent/download/${target}`, bytes: build.bytes, sha256: build.sha256 }
          : null,
      };
    }),
  );
}

/** Hashing a 100 MB executable takes a moment: each file is hashed once per version on disk. */
const hashes = new Map<string, { key: string; sha256: Promise<string> }>();

function sha256Of(file: string, info: { size: number; mtimeMs: number }): Promise<string> {
  const key = `${info.size}:${info.mtimeMs}`;
  const known = hashes.get(file);
  if (known?.key === key) return known.sha256;
  const sha256 = new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
  hashes.set(file, { key, sha256 });
  sha256.catch(() => hashes.delete(file));
  return sha256;
}
