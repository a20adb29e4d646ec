// The agent's entry point: the real machine behind the CLI's injected effects.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { AGENT_PLATFORMS, type AgentPlatform } from '@castellan/contract/agent-checks';
import { runCli } from './cli';
import { configHome } from './config-file';
import { osVersion } from './device-facts';
import { runChecks } from './run-checks';
import { runCommand } from './run-command';
import { agentCommand } from './schedule-files';
import { systemContext } from './system-context';

// Replaced by the build with package.json's version; absent when run from the sources.
declare const AGENT_VERSION: string | undefined;
const agentVersion = typeof AGENT_VERSION === 'string' ? AGENT_VERSION : 'development';

async function main(): Promise<number> {
  const platform = process.platform as AgentPlatform;
  if (!AGENT_PLATFORMS.includes(platform)) {
    process.stderr.write(
      `castellan-agent runs on Linux, macOS and Windows, not on ${process.platform}.\n`,
    );
    return 1;
  }
  const homedir = os.homedir();
  const readText = (path: string) => readFile(path, 'utf8').catch(() => null);
  return runCli(process.argv.slice(2), {
    runChecks: (currentBrowsers) => runChecks(systemContext(currentBrowsers)),
    fetch: globalThis.fetch,
    now: () => new Date(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    configHome: configHome(platform, process.env, homedir),
    device: {
      name: os.hostname(),
      platform,
      osVersion: await osVersion(platform, runCommand, readText),
      agentVersion,
    },
    schedule: {
      homedir,
      env: process.env,
      uid: process.getuid?.(),
      command: agentCommand(process.execPath, process.argv[1]),
      run: runCommand,
    },
  });
}

// No top-level await: the single executable is built from a CommonJS bundle.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`castellan-agent failed: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
