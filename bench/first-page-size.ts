import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './server-process';

const webDir = path.join(repoRoot, 'apps/web');
export const distDir = path.join(webDir, 'dist');
const BUILD_TIMEOUT_MS = 120_000;

export type AssetSizes = { files: string[]; rawBytes: number; gzipBytes: number };
export type FirstPageSize = { js: AssetSizes; css: AssetSizes };

/**
 * Makes sure apps/web/dist exists, building it when the web workspace has a build script.
 * Returns false when there is no build script (nothing to measure); throws when the build fails.
 */
export function ensureWebBuild(): boolean {
  if (existsSync(path.join(distDir, 'index.html'))) return true;
  const pkgFile = path.join(webDir, 'package.json');
  const pkg = existsSync(pkgFile) ? JSON.parse(readFileSync(pkgFile, 'utf8')) : {};
  if (!pkg.scripts?.build) return false;
  console.error('apps/web/dist is missing: running `npm run build`…');
  // Build output goes to stderr so that stdout keeps only the results.
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
    timeout: BUILD_TIMEOUT_MS,
  });
  if (build.status !== 0 || !existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`npm run build failed (${build.status ?? build.signal ?? build.error})`);
  }
  return true;
}

function attributes(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[(m[1] ?? '').toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** A local asset URL (`/assets/x.js`, `assets/x.js`) as a file in dist; null for other origins. */
function localFile(url: string): string | null {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return null;
  const file = path.resolve(distDir, `.${path.posix.resolve('/', url.split(/[?#]/)[0] ?? '')}`);
  return file.startsWith(distDir + path.sep) ? file : null;
}

function measure(files: string[]): AssetSizes {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(file);
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.map((f) => path.relative(distDir, f)), rawBytes, gzipBytes };
}

/**
 * What the first page loads before any lazy chunk: the module scripts and module preloads of
 * index.html (JavaScript) and its stylesheets (CSS).
 */
export function firstPageSize(): FirstPageSize {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  for (const [, tag, attrText] of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const a = attributes(attrText ?? '');
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    let target: Set<string> | null = null;
    let url: string | undefined;
    if (tag?.toLowerCase() === 'script' && a.type === 'module') [target, url] = [js, a.src];
    else if (rel.includes('modulepreload')) [target, url] = [js, a.href];
    else if (rel.includes('stylesheet')) [target, url] = [css, a.href];
    const file = url ? localFile(url) : null;
    if (target && file) target.add(file);
  }
  return { js: measure([...js]), css: measure([...css]) };
}

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };

/**
 * The JavaScript a lazy page adds to the first page: every chunk its module reaches statically,
 * and the lazy chunks of its own feature folder (Vite's build manifest), less what the first page
 * already loaded. Lazy imports of shared code (other pages) are not loaded by opening it.
 */
export function lazyPageSize(source: string): AssetSizes {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const firstPage = new Set(firstPageSize().js.files);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    const own = (next: string) => path.dirname(next) === path.dirname(source);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []).filter(own)]) {
      visit(next);
    }
  };
  visit(source);
  const files = [...seen]
    .map((key) => manifest[key]?.file ?? '')
    .filter((file) => file.endsWith('.js') && !firstPage.has(file));
  return measure(files.map((file) => path.join(distDir, file)));
}
