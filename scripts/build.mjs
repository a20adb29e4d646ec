// Builds what `npm start` and `castellan-scan` run, each part only when its inputs changed since
// its last build: the web app (Vite), the server bundle, the scanner's CLI (esbuild) and the
// endpoint agent the server hands out (packages/agent/scripts/build.mjs).
//   node scripts/build.mjs [web] [server] [scanner] [agent] [--force] [--quiet]
// No part named builds them all. Each output folder keeps a list of the files its build read with
// a hash of each (.build-inputs.json); the part is up to date when every one still hashes the same.
// Files under node_modules are not listed: the lockfile stands for them. With --at-install (the
// postinstall step) a missing esbuild (an install without dev dependencies) skips the build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
const STAMP = '.build-inputs.json';
/** Inputs of every part besides the files its build reads. */
const COMMON_INPUTS = ['package-lock.json', 'scripts/build.mjs'];

const args = process.argv.slice(2);
const force = args.includes('--force');
const quiet = args.includes('--quiet');
const atInstall = args.includes('--at-install');
const named = args.filter((a) => !a.startsWith('--'));

const parts = {
  web: { out: 'apps/web/dist', build: buildWeb },
  server: {
    out: 'apps/server/dist',
    build: () =>
      bundle({
        entry: 'apps/server/src/main.ts',
        outfile: 'apps/server/dist/main.js',
        // Packages stay in node_modules (PGlite loads its WebAssembly and data files from its own
        // folder); only the workspace's TypeScript is bundled.
        externalPackages: true,
      }),
  },
  scanner: {
    out: 'packages/scanner/dist',
    // All in one file, so the command starts fast.
    build: () =>
      bundle({ entry: 'packages/scanner/src/cli.ts', outfile: 'packages/scanner/dist/cli.js' }),
  },
  // So that a new server always has an agent to hand out: a few seconds once the other systems'
  // runtimes are in node_modules/.cache (the first build fetches them: about 30 s).
  agent: { out: 'packages/agent/dist', build: buildAgent },
};

for (const name of named) {
  if (!(name in parts)) {
    fail(`Unknown part "${name}": choose among ${Object.keys(parts).join(', ')}.`);
  }
}
for (const name of named.length > 0 ? named : Object.keys(parts)) {
  const part = parts[name];
  if (!force && upToDate(part.out)) {
    if (!quiet) say(`${name}: up to date`);
    continue;
  }
  const started = performance.now();
  if (atInstall && !(await canImport('esbuild'))) {
    say(`${name}: not built, esbuild is not installed (run \`npm run build\` where it is)`);
    continue;
  }
  const inputs = await part.build();
  writeStamp(part.out, [...inputs, ...COMMON_INPUTS]);
  say(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function upToDate(out) {
  const stamp = path.join(root, out, STAMP);
  if (!existsSync(stamp)) return false;
  const { hashes } = JSON.parse(readFileSync(stamp, 'utf8'));
  return Object.entries(hashes).every(([file, hash]) => hashOf(file) === hash);
}

function writeStamp(out, files) {
  const hashes = Object.fromEntries([...new Set(files)].sort().map((f) => [f, hashOf(f)]));
  writeFileSync(path.join(root, out, STAMP), `${JSON.stringify({ hashes }, null, 1)}\n`);
}

function hashOf(file) {
  const full = path.join(root, file);
  if (!existsSync(full)) return null;
  return createHash('sha256').update(readFileSync(full)).digest('base64url');
}

/** A path relative to the repository, with forward slashes, or null for one in node_modules. */
function ownFile(file) {
  const relative = path.relative(root, path.resolve(root, file)).split(path.sep).join('/');
  if (relative.startsWith('..') || relative.split('/').includes('node_modules')) return null;
  return relative;
}

async function bundle({ entry, outfile, externalPackages = false }) {
  const { build } = await import('esbuild');
  const outdir = path.dirname(path.join(root, outfile));
  const plugins = [sourceFolders(outdir)];
  if (externalPackages) plugins.push(packagesExternal());
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins,
  });
  return Object.keys(result.metafile.inputs).map(ownFile).filter(Boolean);
}

/** Every bare import is left to Node at run time, except the workspace's own TypeScript packages. */
function packagesExternal() {
  return {
    name: 'packages-external',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@castellan/') ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * Code that reads files beside itself (migrations, the sample report, the web and agent builds)
 * does so from `import.meta.dirname`. In the bundle that is the output folder, so each use is
 * pointed back at the source file's folder, relative to where the bundle is.
 */
function sourceFolders(outdir) {
  return {
    name: 'source-folders',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        if (!ownFile(args.path)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const misuse = /\b(__dirname|__filename|import\.meta\.(url|filename))\b/.exec(text);
        if (misuse) {
          return {
            errors: [{ text: `${misuse[0]} does not survive bundling: use import.meta.dirname` }],
          };
        }
        if (!text.includes('import.meta.dirname')) return undefined;
        const back = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        const folder = `(import.meta.dirname + ${JSON.stringify(`/${back}`)})`;
        return { contents: text.replaceAll('import.meta.dirname', folder), loader: 'ts' };
      });
    },
  };
}

async function buildWeb() {
  const { build } = await import('vite');
  const web = path.join(root, 'apps/web');
  const read = new Set();
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: quiet ? 'warn' : 'info',
    plugins: [
      {
        name: 'record-inputs',
        transform(_code, id) {
          const file = ownFile(id.split('?')[0]);
          if (file && existsSync(path.join(root, file))) read.add(file);
        },
      },
    ],
  });
  // Brotli and gzip copies beside each asset, which the server sends as they are.
  execFileSync(process.execPath, [path.join(web, 'scripts/precompress.mjs')], {
    stdio: quiet ? 'ignore' : 'inherit',
  });
  const publicFiles = listFiles(path.join(web, 'public')).map(ownFile);
  return [
    ...read,
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/scripts/precompress.mjs',
    ...publicFiles,
  ];
}

/**
 * The agent's own build (its .mjs and a single executable for every system). That build refuses to
 * bundle anything but the agent's sources and the contract's agent files, so those are its
 * inputs, with the script itself and the package's version.
 */
function buildAgent() {
  const agent = path.join(root, 'packages/agent');
  try {
    execFileSync(process.execPath, [path.join(agent, 'scripts/build.mjs')], {
      cwd: agent,
      stdio: quiet ? 'pipe' : 'inherit',
    });
  } catch (error) {
    if (quiet) process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    fail('agent: the build failed');
  }
  const sources = listFiles(path.join(agent, 'src'))
    .map(ownFile)
    .filter((file) => !file.endsWith('.test.ts'));
  return [
    ...sources,
    'packages/contract/src/agent-checks.ts',
    'packages/contract/src/agent-scripts.ts',
    'packages/contract/src/agent-targets.ts',
    'packages/contract/src/agent-fixes.ts',
    'packages/contract/src/agent-releases.ts',
    'packages/agent/scripts/build.mjs',
    'packages/agent/scripts/sign-with-identity.mjs',
    'packages/agent/package.json',
  ];
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

async function canImport(name) {
  try {
    await import(name);
    return true;
  } catch {
    return false;
  }
}

function say(line) {
  process.stdout.write(`${line}\n`);
}

function fail(line) {
  process.stderr.write(`${line}\n`);
  process.exit(2);
}
