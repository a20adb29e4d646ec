import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentError } from './agent-error';
import {
  type AgentConfig,
  configHome,
  configPath,
  readConfig,
  removeConfig,
  writeConfig,
} from './config-file';

const CONFIG: AgentConfig = {
  server: 'https://castellan.example',
  deviceId: 'device-1',
  token: 'secret',
  enrolledAt: '2026-11-25T12:00:00.000Z',
  currentBrowsers: { chrome: '131.0' },
};

describe('configHome', () => {
  it("is each system's place for a user's settings", () => {
    expect(configHome('linux', {}, '/home/ana')).toBe('/home/ana/.config/castellan-agent');
    expect(configHome('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ana')).toBe(
      '/xdg/castellan-agent',
    );
    expect(configHome('darwin', {}, '/Users/ana')).toBe(
      '/Users/ana/Library/Application Support/Castellan Agent',
    );
    expect(
      configHome('win32', { APPDATA: 'C:\\Users\\Ana\\AppData\\Roaming' }, 'C:\\Users\\Ana'),
    ).toBe('C:\\Users\\Ana\\AppData\\Roaming\\Castellan Agent');
    expect(configHome('win32', {}, 'C:\\Users\\Ana')).toBe(
      'C:\\Users\\Ana\\AppData\\Roaming\\Castellan Agent',
    );
  });

  it('is CASTELLAN_AGENT_HOME when set', () => {
    expect(configHome('darwin', { CASTELLAN_AGENT_HOME: '/srv/agent' }, '/Users/ana')).toBe(
      '/srv/agent',
    );
  });
});

describe('the config file', () => {
  let dir: string;
  let home: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'castellan-agent-config-'));
    home = path.join(dir, 'nested', 'castellan-agent');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is absent until written, then read back as written', async () => {
    expect(await readConfig(home)).toBeNull();
    await writeConfig(home, CONFIG);
    expect(await readConfig(home)).toEqual(CONFIG);
  });

  it('lives in a folder only the user can open, in a file only the user can read', async () => {
    await writeConfig(home, CONFIG);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await stat(configPath(home))).mode & 0o777).toBe(0o600);
  });

  it('closes an existing folder that others could open', async () => {
    await mkdir(home, { recursive: true, mode: 0o755 });
    await chmod(home, 0o755);
    await writeConfig(home, CONFIG);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
  });

  it('replaces the file whole, through a temporary file renamed over it', async () => {
    await writeConfig(home, CONFIG);
    const before = await stat(configPath(home));
    await writeConfig(home, { ...CONFIG, deviceId: 'device-2' });
    const after = await stat(configPath(home));
    // A rename puts a new file in place: a reader never sees a half-written one.
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o600);
    expect(await readdir(home)).toEqual(['config.json']);
    expect(JSON.parse(await readFile(configPath(home), 'utf8')).deviceId).toBe('device-2');
  });

  it('leaves no temporary file behind when it cannot write', async () => {
    await mkdir(configPath(home), { recursive: true });
    await expect(writeConfig(home, CONFIG)).rejects.toThrow(AgentError);
    expect(await readdir(home)).toEqual(['config.json']);
  });

  it('explains a file that is not JSON or not a config', async () => {
    await mkdir(home, { recursive: true });
    for (const text of ['{"server": "https://', '[]', '{"server": "https://x"}']) {
      await writeFile(configPath(home), text);
      await expect(readConfig(home)).rejects.toThrow(
        `The settings file ${configPath(home)} is damaged. Delete it, then enroll this computer again.`,
      );
    }
  });

  it('explains a file it cannot read', async () => {
    // Running as root reads any file, so a folder in its place stands for an unreadable file.
    await mkdir(configPath(home), { recursive: true });
    await expect(readConfig(home)).rejects.toThrow(
      `Could not read the settings file ${configPath(home)}: it is a folder`,
    );
  });

  it('is removed, and removing it twice is fine', async () => {
    await writeConfig(home, CONFIG);
    await removeConfig(home);
    await removeConfig(home);
    expect(await readConfig(home)).toBeNull();
  });
});
