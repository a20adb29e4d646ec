// Builds the agent: dist/castellan-agent.mjs for any system with Node.js 18 or later, and a single
// executable for each system of EXECUTABLES, from any of them: Bun's runtime for that system with
// the bundle inside (`bun build --compile`). The macOS ones are then signed ad hoc here (macOS runs
// no unsigned Apple-silicon code). dist/executables.json says what was built, and why not.
// A step this machine cannot do (no registry to fetch a runtime from, no Bun for this system) is
// said plainly, and the .mjs is built regardless; a build that goes wrong fails (exit code 1),
// once every other file is built.
//
// Where the runtimes come from: packages/agent depends on the `bun` package (an exact version),
// whose optional dependencies are Bun's runtime for each system (@oven/bun-linux-x64, …), each at
// the same exact version. npm installs only the one for this machine: the others declare another
// `os` or `cpu`, which npm skips in an optional dependency (and refuses, EBADPLATFORM, in a direct
// one, so they cannot be devDependencies themselves). But package-lock.json records every one
// with its SHA-512. So the build takes this machine's runtime from node_modules
// and fetches each other one with `npm pack` (the registry npm is set to, through npm's cache),
// checks the tarball against the SHA-512 in package-lock.json, and keeps the runtime in
// node_modules/.cache/castellan-agent-runtimes for the next builds.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip, gunzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { register } from 'tsx/esm/api';
import { signingIdentity, signWithIdentity } from './sign-with-identity.mjs';

register();
const { AGENT_TARGET_FILES } = await import('@castellan/contract/agent-targets');

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const started = performance.now();
const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const host = `${process.platform}-${process.arch}`;
/** package-lock.json's packages, once read. */
let locked;

/** What this machine cannot do, as opposed to a build that went wrong. */
class CannotBuild extends Error {}

/** Each single executable: the agent's target, Bun's name for it, and the npm package of its runtime. */
const EXECUTABLES = [
  { target: 'linux-x64', bunTarget: 'bun-linux-x64', runtime: '@oven/bun-linux-x64' },
  { target: 'linux-arm64', bunTarget: 'bun-linux-arm64', runtime: '@oven/bun-linux-aarch64' },
  { target: 'darwin-arm64', bunTarget: 'bun-darwin-arm64', runtime: '@oven/bun-darwin-aarch64' },
  { target: 'darwin-x64', bunTarget: 'bun-darwin-x64', runtime: '@oven/bun-darwin-x64' },
  { target: 'win32-x64', bunTarget: 'bun-windows-x64', runtime: '@oven/bun-windows-x64' },
  { target: 'win32-arm64', bunTarget: 'bun-windows-arm64', runtime: '@oven/bun-windows-aarch64' },
];

await mkdir(dist, { recursive: true });
// The Node single executable's work folder, from builds before this one.
await rm(path.join(dist, 'sea'), { recursive: true, force: true });
const mjs = path.join(dist, AGENT_TARGET_FILES.node.fileName);
const result = await build({
  entryPoints: [path.join(root, 'src', 'main.ts')],
  bundle: true,
  platform: 'node',
  target: 'node18',
  format: 'esm',
  outfile: mjs,
  banner: { js: '#!/usr/bin/env node' },
  define: { AGENT_VERSION: JSON.stringify(version) },
  metafile: true,
  logLevel: 'warning',
});
refuseDependencies(result.metafile);
await chmod(mjs, 0o755);
await gzipCopy(mjs);
say(`${path.relative(root, mjs)}: ${await size(mjs)}`);

const record = { version, bun: null, executables: {} };
let bun;
let noBun;
try {
  bun = await findBun();
  record.bun = bun.version;
} catch (error) {
  noBun = error;
}
const failed = [];
for (const executable of EXECUTABLES) {
  const { fileName } = AGENT_TARGET_FILES[executable.target];
  const file = path.join(dist, fileName);
  // No stale build of an earlier version is left to be served.
  await rm(file, { force: true });
  await rm(`${file}.gz`, { force: true });
  try {
    if (!bun) throw noBun;
    const took = performance.now();
    const signature = await buildExecutable(bun, executable, file);
    const { size: bytes } = await stat(file);
    const gzipBytes = await gzipCopy(file);
    record.executables[executable.target] = { file: fileName, bytes, gzipBytes, signature };
    const seconds = ((performance.now() - took) / 1000).toFixed(1);
    say(`${path.relative(root, file)}: ${await size(file)} (${seconds} s)`);
  } catch (error) {
    await rm(file, { force: true });
    await rm(`${file}.gz`, { force: true });
    if (error instanceof CannotBuild) {
      record.executables[executable.target] = { file: fileName, notBuilt: error.message };
      say(`No ${fileName}: ${error.message}`);
    } else {
      record.executables[executable.target] = { file: fileName, failed: error.message };
      failed.push(`${fileName}: ${error.message}`);
    }
  }
}
await writeFile(path.join(dist, 'executables.json'), `${JSON.stringify(record, null, 1)}\n`);
// Runtimes of other Bun versions (about 600 MB a version) go.
if (bun && existsSync(bun.cache)) {
  for (const entry of await readdir(bun.cache)) {
    if (!bun.cached.has(entry))
      await rm(path.join(bun.cache, entry), { recursive: true, force: true });
  }
}
if (failed.length > 0) {
  process.stderr.write(`The agent's build went wrong:\n${failed.join('\n')}\n`);
  process.exit(1);
}
say(`Built agent ${version} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);

async function buildExecutable(bun, { target, bunTarget, runtime }, file) {
  const runtimeBinary = await bunRuntime(bun, runtime);
  try {
    execFileSync(
      bun.compiler,
      [
        'build',
        mjs,
        '--compile',
        `--target=${bunTarget}`,
        '--compile-executable-path',
        runtimeBinary,
        // Else the agent would read .env and bunfig.toml from whatever folder it runs in.
        '--no-compile-autoload-dotenv',
        '--no-compile-autoload-bunfig',
        '--outfile',
        file,
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    throw new Error(`bun build failed: ${`${error.stderr ?? ''}`.trim() || error.message}`);
  }
  if (target.startsWith('darwin-')) {
    await signMachO(file, path.basename(file));
  }
  const identity = signingIdentity(target);
  if (identity) await signWithIdentity(file, identity);
  if (target === host) {
    const answer = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim();
    if (answer !== `castellan-agent ${version}`) {
      throw new Error(`the built executable answered "${answer}" to --version.`);
    }
  }
  return target.startsWith('darwin-') ? (identity?.kind ?? 'ad hoc') : (identity?.kind ?? null);
}

/**
 * The `bun` package's version, the runtimes it pins, and a Bun that runs here to compile with:
 * the runtime npm installed for this machine, or else the one fetched for it.
 */
async function findBun() {
  const require = createRequire(path.join(root, 'package.json'));
  let manifest;
  try {
    manifest = require.resolve('bun/package.json');
  } catch {
    throw new CannotBuild('the bun package is not installed: run `npm ci`.');
  }
  const { version: bunVersion, optionalDependencies } = JSON.parse(
    await readFile(manifest, 'utf8'),
  );
  const nodeModules = path.dirname(path.dirname(manifest));
  const bun = {
    version: bunVersion,
    runtimes: optionalDependencies,
    folder: path.dirname(manifest),
    cache: path.join(nodeModules, '.cache', 'castellan-agent-runtimes'),
    /** The cache's folders this build uses. */
    cached: new Set(),
    require,
    compiler: null,
  };
  const installed = Object.keys(optionalDependencies)
    .map((name) => installedRuntime(bun, name))
    .find(Boolean);
  const mine = EXECUTABLES.find((e) => e.target === host);
  if (installed) bun.compiler = installed;
  else if (mine) bun.compiler = await bunRuntime(bun, mine.runtime);
  else throw new CannotBuild(`Bun has no runtime for ${host}.`);
  const answer = execFileSync(bun.compiler, ['--version'], { encoding: 'utf8' }).trim();
  if (answer !== bunVersion)
    throw new CannotBuild(`Bun ${bunVersion} is wanted, ${answer} is installed: run \`npm ci\`.`);
  return bun;
}

/** The path of a runtime's executable: from node_modules, or the cache, or fetched. */
async function bunRuntime(bun, name) {
  const wanted = bun.runtimes[name];
  if (!wanted) throw new Error(`the bun package names no ${name}.`);
  const installed = installedRuntime(bun, name);
  if (installed) return installed;

  const folder = path.join(bun.cache, `${name.replace('/', '+')}-${wanted}`);
  bun.cached.add(path.basename(folder));
  const binary = path.join(folder, runtimeFile(name));
  const integrity = await lockedIntegrity(name, wanted);
  const stamp = `${binary}.integrity`;
  if (existsSync(binary) && (await readFile(stamp, 'utf8').catch(() => '')) === integrity) {
    return binary;
  }

  say(`Fetching ${name}@${wanted} (npm pack)…`);
  await mkdir(bun.cache, { recursive: true });
  const work = await mkdtemp(path.join(bun.cache, 'fetch-'));
  try {
    const packed = npm(['pack', `${name}@${wanted}`, '--json', '--pack-destination', work]);
    const tarball = await readFile(path.join(work, JSON.parse(packed)[0].filename));
    const sha512 = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    if (!integrity.split(/\s+/).includes(sha512)) {
      throw new Error(`${name}@${wanted} from the registry is not the one package-lock.json pins.`);
    }
    const fetched = path.join(work, runtimeFile(name));
    await writeFile(fetched, fileInTarball(tarball, `package/bin/${runtimeFile(name)}`));
    await chmod(fetched, 0o755);
    // Renamed into place, so that a build running beside this one never sees half a file.
    await mkdir(folder, { recursive: true });
    await rename(fetched, binary);
    await writeFile(stamp, integrity);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return binary;
}

/**
 * A runtime npm installed (only this machine's is). The bun package's install script moves its
 * executable into the bun package's own bin/bun.exe (npm ci --ignore-scripts leaves it in place).
 */
function installedRuntime(bun, name) {
  let manifest;
  try {
    manifest = bun.require.resolve(`${name}/package.json`);
  } catch {
    return null;
  }
  const binary = path.join(path.dirname(manifest), 'bin', runtimeFile(name));
  if (existsSync(binary)) return binary;
  const moved = path.join(bun.folder, 'bin', 'bun.exe');
  // Before its install script runs, bin/bun.exe is a placeholder of a few hundred bytes.
  return existsSync(moved) && statSync(moved).size > 1024 * 1024 ? moved : null;
}

function runtimeFile(name) {
  return name.includes('windows') ? 'bun.exe' : 'bun';
}

/** The integrity package-lock.json records for a package at a version. */
async function lockedIntegrity(name, wanted) {
  locked ??= await lockedPackages();
  const entry = Object.entries(locked).find(
    ([where, p]) =>
      (where === `node_modules/${name}` || where.endsWith(`/node_modules/${name}`)) &&
      p.version === wanted &&
      p.integrity,
  );
  if (!entry) throw new CannotBuild(`package-lock.json does not pin ${name}@${wanted}.`);
  return entry[1].integrity;
}

/** The packages of the package-lock.json nearest above this package. */
async function lockedPackages() {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const lockfile = path.join(dir, 'package-lock.json');
    if (existsSync(lockfile)) return JSON.parse(await readFile(lockfile, 'utf8')).packages ?? {};
    if (path.dirname(dir) === dir)
      throw new CannotBuild('no package-lock.json to check runtimes against.');
  }
}

/** Runs npm: the one running this build (`npm run build`), or else the one on the PATH. */
function npm(args) {
  const options = { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] };
  const cli = process.env.npm_execpath;
  try {
    if (cli && /npm-cli\.[cm]?js$/.test(cli)) {
      return execFileSync(process.execPath, [cli, ...args], options);
    }
    if (process.platform !== 'win32') return execFileSync('npm', args, options);
    // npm.cmd runs only through the shell, which takes the words as they are: quoted.
    const quoted = args.map((arg) => `"${arg}"`);
    return execFileSync('npm', quoted, { ...options, shell: true });
  } catch (error) {
    // npm's first words on the error, not its stack
    const said = `${error.stderr ?? ''}`
      .split('\n')
      .filter((line) => line.startsWith('npm error '))
      .map((line) => line.slice('npm error '.length).trim());
    const code = said.find((line) => line.startsWith('code '))?.slice('code '.length);
    const detail = said.find((line) => line && !/^(code|errno|syscall) /.test(line));
    const what = `npm ${args.slice(0, 2).join(' ')} failed${code ? ` (${code})` : ''}`;
    throw new CannotBuild(`${what}: ${detail ?? error.message}`);
  }
}

/**
 * One file's bytes from a .tgz: a tar stream of 512-byte headers (name at 0, size in octal at
 * 124, type at 156, name prefix at 345), each followed by the file's bytes padded to 512. A pax
 * header ('x') or a GNU long name ('L') gives the name of the entry after it.
 */
function fileInTarball(tgz, wanted) {
  const tar = gunzipSync(tgz);
  let longName = null;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start, length) => header.toString('utf8', start, start + length).split('\0')[0];
    const bytes = Number.parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const prefix = text(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    const body = tar.subarray(at + 512, at + 512 + bytes);
    at += 512 + Math.ceil(bytes / 512) * 512;
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? null;
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').split('\0')[0];
      continue;
    }
    longName = null;
    if ((type === '0' || type === '7') && name === wanted) return body;
  }
  throw new Error(`the package holds no ${wanted}.`);
}

/**
 * Signs a 64-bit Mach-O executable ad hoc, as `codesign --sign -` would: a SuperBlob at the end of
 * the file (where LC_CODE_SIGNATURE points) holding a code directory with the SHA-256 of every
 * 4096-byte page before it, an empty requirement set and an empty CMS signature. The load
 * commands are updated first (the signature's size, and __LINKEDIT's, which holds it), since the
 * first page's hash covers them. Layouts from Apple's <mach-o/loader.h> and <kern/cs_blobs.h>;
 * the SuperBlob is big-endian, the load commands little-endian.
 */
async function signMachO(file, identifier) {
  const input = await readFile(file);
  if (input.readUInt32LE(0) !== 0xfeedfacf) throw new Error('not a 64-bit Mach-O file.');
  let text;
  let linkedit;
  let signature;
  for (let i = 0, at = 32; i < input.readUInt32LE(16); i++) {
    const cmd = input.readUInt32LE(at);
    if (cmd === 0x19) {
      // LC_SEGMENT_64: cmd, cmdsize, segname[16], vmaddr, vmsize, fileoff, filesize, …
      const segment = {
        at,
        name: input.toString('latin1', at + 8, at + 24).split('\0')[0],
        vmsize: Number(input.readBigUInt64LE(at + 32)),
        fileoff: Number(input.readBigUInt64LE(at + 40)),
        filesize: Number(input.readBigUInt64LE(at + 48)),
      };
      if (segment.name === '__TEXT') text = segment;
      if (segment.name === '__LINKEDIT') linkedit = segment;
    }
    // LC_CODE_SIGNATURE: cmd, cmdsize, dataoff, datasize
    if (cmd === 0x1d) signature = { at, offset: input.readUInt32LE(at + 8) };
    at += input.readUInt32LE(at + 4);
  }
  if (!text || !linkedit || !signature) {
    throw new Error('the Mach-O file lacks __TEXT, __LINKEDIT or LC_CODE_SIGNATURE.');
  }
  const oldEnd = signature.offset + input.readUInt32LE(signature.at + 12);
  if (signature.offset < linkedit.fileoff || oldEnd !== linkedit.fileoff + linkedit.filesize) {
    throw new Error('the code signature is not at the end of __LINKEDIT.');
  }

  const PAGE = 4096;
  const HASH = 32;
  const codeLimit = signature.offset;
  const pages = Math.ceil(codeLimit / PAGE);
  const name = Buffer.from(`${identifier}\0`, 'utf8');
  const specialSlots = 2; // -1 Info.plist (none), -2 requirements
  const directoryHeader = 88; // CodeDirectory version 0x20400
  const hashOffset = directoryHeader + name.length + specialSlots * HASH;
  const directoryLength = hashOffset + pages * HASH;
  const requirements = Buffer.alloc(12);
  requirements.writeUInt32BE(0xfade0c01, 0); // CSMAGIC_REQUIREMENTS
  requirements.writeUInt32BE(12, 4); // length; then a count of 0
  const cms = Buffer.alloc(8);
  cms.writeUInt32BE(0xfade0b01, 0); // CSMAGIC_BLOBWRAPPER, empty: no certificate
  cms.writeUInt32BE(8, 4);
  const indexLength = 12 + 3 * 8;
  const superLength = indexLength + directoryLength + requirements.length + cms.length;
  const dataSize = Math.ceil(superLength / 16) * 16;

  const output = Buffer.alloc(codeLimit + dataSize);
  input.copy(output, 0, 0, codeLimit);
  output.writeUInt32LE(dataSize, signature.at + 12);
  const linkeditSize = codeLimit + dataSize - linkedit.fileoff;
  output.writeBigUInt64LE(BigInt(linkeditSize), linkedit.at + 48);
  const linkeditVm = Math.ceil(linkeditSize / 0x4000) * 0x4000;
  if (linkeditVm > linkedit.vmsize) output.writeBigUInt64LE(BigInt(linkeditVm), linkedit.at + 32);

  let at = codeLimit;
  const u32 = (value) => {
    output.writeUInt32BE(value, at);
    at += 4;
  };
  const u64 = (value) => {
    output.writeBigUInt64BE(BigInt(value), at);
    at += 8;
  };
  const bytes = (buffer) => {
    buffer.copy(output, at);
    at += buffer.length;
  };
  // SuperBlob: magic, length, count, then (type, offset) of each blob.
  u32(0xfade0cc0);
  u32(superLength);
  u32(3);
  u32(0); // CSSLOT_CODEDIRECTORY
  u32(indexLength);
  u32(2); // CSSLOT_REQUIREMENTS
  u32(indexLength + directoryLength);
  u32(0x10000); // CSSLOT_SIGNATURESLOT
  u32(indexLength + directoryLength + requirements.length);
  // CodeDirectory
  const directory = at;
  u32(0xfade0c02);
  u32(directoryLength);
  u32(0x20400);
  u32(0x2); // CS_ADHOC
  u32(hashOffset);
  u32(directoryHeader); // identOffset
  u32(specialSlots);
  u32(pages);
  u32(codeLimit);
  bytes(Buffer.from([HASH, 2 /* SHA-256 */, 0 /* platform */, 12 /* log2(PAGE) */]));
  u32(0); // spare2
  u32(0); // scatterOffset
  u32(0); // teamOffset
  u32(0); // spare3
  u64(0); // codeLimit64: codeLimit is enough below 4 GiB
  u64(text.fileoff); // execSegBase
  u64(text.filesize); // execSegLimit
  u64(0x1); // execSegFlags: CS_EXECSEG_MAIN_BINARY
  bytes(name);
  const sha256 = (buffer) => createHash('sha256').update(buffer).digest();
  bytes(sha256(requirements)); // slot -2
  bytes(Buffer.alloc(HASH)); // slot -1: no Info.plist
  if (at !== directory + hashOffset) throw new Error('the code directory was laid out wrong.');
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    bytes(sha256(output.subarray(start, Math.min(start + PAGE, codeLimit))));
  }
  bytes(requirements);
  bytes(cms);
  await writeFile(file, output);
}

/** The agent runs on Node's own modules alone, and on the contract's zod-free agent files. */
function refuseDependencies(metafile) {
  const contract = path.join(root, '..', 'contract', 'src');
  const allowed = (input) => {
    const file = path.resolve(input);
    return (
      file.startsWith(path.join(root, 'src') + path.sep) ||
      file === path.join(contract, 'agent-checks.ts') ||
      file === path.join(contract, 'agent-scripts.ts') ||
      file === path.join(contract, 'agent-targets.ts') ||
      file === path.join(contract, 'agent-fixes.ts') ||
      file === path.join(contract, 'agent-releases.ts')
    );
  };
  const others = Object.keys(metafile.inputs).filter((input) => !allowed(input));
  if (others.length > 0) {
    throw new Error(
      `The agent must bundle nothing but its own code; it includes ${others.join(', ')}`,
    );
  }
}

/**
 * A gzip copy beside the file (`<file>.gz`), which the server sends as it is to a client that
 * accepts gzip: a download about half the size, without compressing 100 MB per request.
 * Answers its size.
 */
async function gzipCopy(file) {
  const temp = `${file}.gz.tmp`;
  await pipeline(createReadStream(file), createGzip({ level: 6 }), createWriteStream(temp));
  await rename(temp, `${file}.gz`);
  return (await stat(`${file}.gz`)).size;
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
