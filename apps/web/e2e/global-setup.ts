// Seeds the demo data once: every spec file's server starts on a copy of this folder (stack.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, serverEnv, startServer, stopServer, TEMPLATE_DIR_ENV } from './stack';

export default async function globalSetup() {
  // The server the tests run is the built one, rebuilt first when its sources changed.
  execFileSync(process.execPath, ['scripts/build.mjs', 'server', '--quiet'], { stdio: 'inherit' });
  const template = mkdtempSync(path.join(tmpdir(), 'castellan-e2e-template-'));
  const server = await startServer(serverEnv(await freePort(), template));
  // A clean stop, so that the database's files are whole when copied.
  await stopServer(server, 'SIGTERM');
  process.env[TEMPLATE_DIR_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
