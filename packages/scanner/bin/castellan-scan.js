#!/usr/bin/env node
// The `castellan-scan` command runs the CLI that `npm install` and `npm run build` compile
// (scripts/build.mjs); `npm run scan` rebuilds it first when its sources changed.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('castellan-scan is not built: run `npm run build` in the repository.\n');
  process.exit(1);
}
await import(cli.href);
