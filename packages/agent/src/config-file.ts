// The agent's settings and its device token, as JSON in a folder only the user can read.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type {
  AgentCheckResult,
  AgentPlatform,
  CurrentBrowsers,
} from '@castellan/contract/agent-checks';
import { AgentError } from './agent-error';

export type AgentConfig = {
  /** The server's base address, e.g. https://castellan.example.com */
  server: string;
  deviceId: string;
  /** The device token: sent as a Bearer token, never printed. */
  token: string;
  enrolledAt: string;
  currentBrowsers: CurrentBrowsers;
  /** The last run's results, reported or not. */
  lastRun?: { at: string; checks: AgentCheckResult[] };
  /** When the server last accepted a report. */
  lastReportAt?: string;
  /** Why the last report failed, cleared by the next one accepted. */
  lastReportError?: string;
  /** The server's manifest key (Ed25519, base64): updates come only from what it signed. */
  updateKey?: string;
  /** The last update this agent made of itself, and why the last try failed (cleared by the next). */
  lastUpdate?: { at: string; from: string; to: string };
  lastUpdateError?: string;
  /**
   * Installed for all users (`enroll --system`): the schedule runs as the administrator account
   * (root, SYSTEM) and judges `owner`, the person who uses the computer: a user name on Linux
   * and macOS, a SID on Windows.
   */
  system?: { owner?: string };
};

export const CONFIG_FILE_NAME = 'config.json';

/** The folder of an installation for all users (`--system`), readable by administrators only. */
export function systemConfigHome(
  platform: AgentPlatform,
  env: Readonly<Record<string, string | undefined>>,
): string {
  switch (platform) {
    case 'linux':
      return '/var/lib/castellan-agent';
    case 'darwin':
      return '/Library/Application Support/Castellan';
    case 'win32':
      return path.win32.join(env.ProgramData || 'C:\\ProgramData', 'Castellan');
  }
}

/** The per-user folder the config lives in; `CASTELLAN_AGENT_HOME` overrides it. */
export function configHome(
  platform: AgentPlatform,
  env: Readonly<Record<string, string | undefined>>,
  homedir: string,
): string {
  if (env.CASTELLAN_AGENT_HOME) return env.CASTELLAN_AGENT_HOME;
  switch (platform) {
    case 'linux':
      return path.posix.join(
        env.XDG_CONFIG_HOME || path.posix.join(homedir, '.config'),
        'castellan-agent',
      );
    case 'darwin':
      return path.posix.join(homedir, 'Library', 'Application Support', 'Castellan Agent');
    case 'win32':
      return path.win32.join(
        env.APPDATA || path.win32.join(homedir, 'AppData', 'Roaming'),
        'Castellan Agent',
      );
  }
}

export function configPath(home: string): string {
  return path.join(home, CONFIG_FILE_NAME);
}

/** The config, or null when this computer is not enrolled. Throws an AgentError when damaged. */
export async function readConfig(home: string): Promise<AgentConfig | null> {
  const file = configPath(home);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new AgentError(`Could not read the settings file ${file}: ${describeFsError(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged(file);
  }
  if (!isConfig(value)) throw damaged(file);
  return value;
}

/**
 * Writes the config atomically (a temporary file renamed over the old one), readable only by
 * the user.
 */
export async function writeConfig(home: string, config: AgentConfig): Promise<void> {
  const file = configPath(home);
  const temp = path.join(home, `.${CONFIG_FILE_NAME}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(home, { recursive: true, mode: 0o700 });
    // mkdir leaves an existing folder's mode alone; this folder holds a secret.
    await chmod(home, 0o700);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    throw new AgentError(`Could not save the settings file ${file}: ${describeFsError(error)}`);
  }
}

export async function removeConfig(home: string): Promise<void> {
  const file = configPath(home);
  try {
    await rm(file, { force: true });
  } catch (error) {
    throw new AgentError(`Could not remove the settings file ${file}: ${describeFsError(error)}`);
  }
}

function damaged(file: string): AgentError {
  return new AgentError(
    `The settings file ${file} is damaged. Delete it, then enroll this computer again.`,
  );
}

function describeFsError(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  return message;
}

function isConfig(value: unknown): value is AgentConfig {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.server === 'string' &&
    typeof c.deviceId === 'string' &&
    typeof c.token === 'string' &&
    typeof c.enrolledAt === 'string' &&
    typeof c.currentBrowsers === 'object' &&
    c.currentBrowsers !== null &&
    (c.lastRun === undefined || isLastRun(c.lastRun))
  );
}

function isLastRun(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Record<string, unknown>;
  return typeof run.at === 'string' && Array.isArray(run.checks);
}
