// Writes brotli (.br) and gzip (.gz) copies of the built text assets next to them in dist, so
// that the server (@fastify/static with preCompressed) sends them without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, read by tools, never served to browsers.
    if (entry.name === '.vite') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let raw = 0;
let brotli = 0;
let gzip = 0;
for await (const file of files(distDir)) {
  const content = await readFile(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy no smaller than the file is useless: the server then sends the file itself.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
  gzip += Math.min(gz.length, content.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed: ${kb(raw)} raw → ${kb(brotli)} brotli, ${kb(gzip)} gzip`);
