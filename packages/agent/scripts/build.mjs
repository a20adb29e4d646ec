// Builds the agent: dist/castellan-agent.mjs for any system with Node.js 18 or later, and a Node
// single executable for the system this runs on (built on macOS for macOS, on Windows for
// Windows). A step this machine cannot do is said plainly; the .mjs is built regardless.
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { register } from 'tsx/esm/api';

register();
const { AGENT_TARGET_FILES } = await import('@castellan/contract/agent-targets');

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const started = performance.now();
const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));

/** Node's marker that a binary may carry a SEA blob (see Node's single-executable docs). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const shared = {
  entryPoints: [path.join(root, 'src', 'main.ts')],
  bundle: true,
  platform: 'node',
  target: 'node18',
  define: { AGENT_VERSION: JSON.stringify(version) },
  metafile: true,
  logLevel: 'warning',
};

await mkdir(dist, { recursive: true });
const mjs = path.join(dist, AGENT_TARGET_FILES.node.fileName);
const result = await build({
  ...shared,
  format: 'esm',
  outfile: mjs,
  banner: { js: '#!/usr/bin/env node' },
});
refuseDependencies(result.metafile);
await chmod(mjs, 0o755);
say(`${path.relative(root, mjs)}: ${await size(mjs)}`);

try {
  await buildExecutable();
} catch (error) {
  say(`No single executable: ${error.message}`);
}
say(`Built agent ${version} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);

async function buildExecutable() {
  const target = `${process.platform}-${process.arch}`;
  const file = AGENT_TARGET_FILES[target]?.fileName;
  if (!file) throw new Error(`Castellan does not ship an agent for ${target}.`);
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 6)) {
    throw new Error(`Node ${process.versions.node} cannot build one; use Node 20.6 or later.`);
  }

  // A single executable runs one CommonJS script.
  const work = path.join(dist, 'sea');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const cjs = path.join(work, 'castellan-agent.cjs');
  await build({ ...shared, format: 'cjs', outfile: cjs });
  const blob = path.join(work, 'sea-prep.blob');
  const seaConfig = path.join(work, 'sea-config.json');
  await writeFile(
    seaConfig,
    JSON.stringify({ main: cjs, output: blob, disableExperimentalSEAWarning: true }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], { stdio: 'inherit' });

  const executable = path.join(dist, file);
  await rm(executable, { force: true });
  await copyFile(process.execPath, executable);
  await chmod(executable, 0o755);
  if (process.platform === 'darwin') {
    execFileSync('codesign', ['--remove-signature', executable]);
  }
  const { inject } = await import('postject');
  await inject(executable, 'NODE_SEA_BLOB', await readFile(blob), {
    sentinelFuse: SEA_FUSE,
    ...(process.platform === 'darwin' && { machoSegmentName: 'NODE_SEA' }),
  });
  if (process.platform === 'darwin') {
    // Apple silicon runs only signed code: an ad-hoc signature for this build.
    execFileSync('codesign', ['--sign', '-', executable]);
  }
  if (process.platform === 'win32') {
    say('Not signed: sign it with signtool if you have a code-signing certificate (optional).');
  }
  const answer = execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
  if (answer !== `castellan-agent ${version}`) {
    throw new Error(`the built executable answered "${answer}" to --version.`);
  }
  await rm(work, { recursive: true, force: true });
  say(`${path.relative(root, executable)}: ${await size(executable)}`);
}

/** The agent runs on Node's own modules alone, and on the contract's two zod-free files. */
function refuseDependencies(metafile) {
  const contract = path.join(root, '..', 'contract', 'src');
  const allowed = (input) => {
    const file = path.resolve(input);
    return (
      file.startsWith(path.join(root, 'src') + path.sep) ||
      file === path.join(contract, 'agent-checks.ts') ||
      file === path.join(contract, 'agent-targets.ts')
    );
  };
  const others = Object.keys(metafile.inputs).filter((input) => !allowed(input));
  if (others.length > 0) {
    throw new Error(
      `The agent must bundle nothing but its own code; it includes ${others.join(', ')}`,
    );
  }
}

async function size(file) {
  const bytes = (await stat(file)).size;
  return bytes > 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${(bytes / 1024).toFixed(1)} KB`;
}

function say(line) {
  process.stdout.write(`${line}\n`);
}
