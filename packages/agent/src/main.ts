// The agent's entry point: the real machine behind the CLI's injected effects.
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AGENT_PLATFORMS,
  type AgentPlatform,
  type CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import { AGENT_TARGETS, type AgentTarget } from '@castellan/contract/agent-targets';
import { runCli } from './cli';
import { CONFIG_FILE_NAME, configHome, systemConfigHome } from './config-file';
import { osVersion } from './device-facts';
import { BROWSERS_ENV, checksAsOwner } from './owner-checks';
import { runChecks } from './run-checks';
import { runCommand } from './run-command';
import { agentCommand } from './schedule-files';
import { systemContext } from './system-context';
import type { SelfFile } from './update';

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
  const readText = (file: string) => readFile(file, 'utf8').catch(() => null);
  const command = agentCommand(process.execPath, process.argv[1]);
  // CASTELLAN_AGENT_SYSTEM_ROOT stands in for / in tests of the installation for all users.
  const systemRoot = process.env.CASTELLAN_AGENT_SYSTEM_ROOT || path.parse(process.cwd()).root;
  const systemHome =
    platform === 'win32'
      ? systemConfigHome(platform, process.env)
      : path.join(systemRoot, systemConfigHome(platform, process.env));
  return runCli(process.argv.slice(2), {
    runChecks: (currentBrowsers, owner) => {
      const browsers = browsersFromEnv() ?? currentBrowsers;
      // Installed for all users: root checks as the person (Windows: SYSTEM reads their hive).
      if (owner && platform !== 'win32' && process.getuid?.() === 0) {
        return checksAsOwner(platform, owner, command, browsers, runCommand);
      }
      return runChecks(systemContext(browsers, platform === 'win32' ? owner : undefined));
    },
    fetch: globalThis.fetch,
    now: () => new Date(),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    configHome:
      process.env.CASTELLAN_AGENT_HOME || !installedForAllUsers(systemHome)
        ? configHome(platform, process.env, homedir)
        : systemHome,
    systemConfigHome: systemHome,
    self: selfFile(command),
    selfTest: versionOf,
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
      command,
      run: runCommand,
      systemRoot,
    },
  });
}

/**
 * Whether this computer has an installation for all users: its config is there, or it is there
 * but only administrators may look (so that a person is told so, rather than "not enrolled").
 */
function installedForAllUsers(home: string): boolean {
  try {
    return statSync(path.join(home, CONFIG_FILE_NAME)).isFile();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EACCES';
  }
}

/** The browsers' current versions from the run as root that started this one, if it did. */
function browsersFromEnv(): CurrentBrowsers | null {
  const text = process.env[BROWSERS_ENV];
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as CurrentBrowsers) : null;
  } catch {
    return null;
  }
}

/** This agent's file and target when it is a single executable (not Node running the script). */
function selfFile(command: readonly string[]): SelfFile {
  if (command.length !== 1 || agentVersion === 'development') return null;
  const target = `${process.platform}-${process.arch}`;
  const known = AGENT_TARGETS.find((t): t is AgentTarget => t === target);
  return known && command[0] ? { path: command[0], target: known } : null;
}

/** What a build says to --version, or null when it does not run. */
function versionOf(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { timeout: 30_000, windowsHide: true }, (error, stdout) =>
      resolve(error ? null : stdout.trim()),
    );
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
