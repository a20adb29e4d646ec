import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgentManifest } from '@castellan/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUCCEEDED } from '../test/fake-context';
import type { CliDeps } from './cli-deps';
import { type AgentConfig, readConfig, writeConfig } from './config-file';
import { updateAgent } from './update';

const SERVER = 'https://castellan.example';
const OLD = Buffer.from('old agent 0.2.0');
const NEW = Buffer.from('new agent 0.3.0, a little longer');

const keys = generateKeyPairSync('ed25519');
const rawPublic = (key = keys.publicKey) =>
  key.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');

let dir: string;
let file: string;
let manifest: AgentManifest;
let signer = keys.privateKey;
let served: Buffer;
let versionAnswer: string | null;
let requests: string[];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const fakeFetch = async (input: string | URL | Request) => {
  const url = new URL(String(input));
  requests.push(url.pathname);
  if (url.pathname === '/api/agent/manifest') {
    const bytes = Buffer.from(JSON.stringify(manifest));
    return Response.json({
      manifest: bytes.toString('base64'),
      signature: sign(null, bytes, signer).toString('base64'),
    });
  }
  if (url.pathname === '/api/agent/download/linux-x64') return new Response(served);
  return Response.json({ error: 'Not found.' }, { status: 404 });
};

function deps(): CliDeps {
  return {
    runChecks: async () => [],
    fetch: fakeFetch as typeof fetch,
    now: () => new Date('2026-11-30T12:00:00Z'),
    out: () => {},
    err: () => {},
    configHome: path.join(dir, 'config'),
    systemConfigHome: path.join(dir, 'system-config'),
    self: { path: file, target: 'linux-x64' },
    selfTest: async () => versionAnswer,
    device: { name: 'pc', platform: 'linux', osVersion: 'Linux', agentVersion: '0.2.0' },
    schedule: {
      homedir: dir,
      env: {},
      uid: 1000,
      command: [file],
      systemRoot: dir,
      run: async () => SUCCEEDED,
    },
  };
}

const CONFIG: AgentConfig = {
  server: SERVER,
  deviceId: 'device-1',
  token: 'secret-token',
  enrolledAt: '2026-11-01T00:00:00Z',
  currentBrowsers: {},
  updateKey: rawPublic(),
};

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'castellan-agent-update-'));
  file = path.join(dir, 'castellan-agent');
  await writeFile(file, OLD, { mode: 0o755 });
  served = NEW;
  signer = keys.privateKey;
  versionAnswer = 'castellan-agent 0.3.0';
  requests = [];
  manifest = {
    format: 1,
    version: '0.3.0',
    issuedAt: '2026-11-30T11:00:00Z',
    builds: {
      'linux-x64': {
        path: '/api/agent/download/linux-x64',
        bytes: NEW.length,
        sha256: sha256(NEW),
      },
    },
  };
  await writeConfig(path.join(dir, 'config'), CONFIG);
});

afterEach(() => rm(dir, { recursive: true, force: true }));

const saved = async () => (await readConfig(path.join(dir, 'config'))) as AgentConfig;

describe('the agent updating itself', () => {
  it('replaces itself with a newer build whose signature and SHA-256 verify', async () => {
    expect(await updateAgent(deps(), CONFIG)).toEqual({
      kind: 'updated',
      from: '0.2.0',
      to: '0.3.0',
    });
    expect(await readFile(file)).toEqual(NEW);
    expect((await stat(file)).mode & 0o777).toBe(0o755);
    expect((await saved()).lastUpdate).toEqual({
      at: '2026-11-30T12:00:00.000Z',
      from: '0.2.0',
      to: '0.3.0',
    });
  });

  it('stays as it is when the manifest is not newer, and never goes back', async () => {
    for (const version of ['0.2.0', '0.1.0']) {
      manifest.version = version;
      expect(await updateAgent(deps(), CONFIG)).toEqual({ kind: 'current', version: '0.2.0' });
    }
    expect(requests).not.toContain('/api/agent/download/linux-x64');
    expect(await readFile(file)).toEqual(OLD);
  });

  const refusals: [string, () => void, RegExp][] = [
    [
      'a manifest signed by another key',
      () => {
        signer = generateKeyPairSync('ed25519').privateKey;
      },
      /signature does not verify/,
    ],
    [
      'a download that is not the build the manifest names',
      () => {
        served = Buffer.from('NEW agent 0.3.0, a little longer');
      },
      /SHA-256 .* is not the manifest's/,
    ],
    [
      'a download longer than the manifest says',
      () => {
        served = Buffer.concat([NEW, Buffer.from('and more')]);
      },
      /larger than the manifest says/,
    ],
    [
      'a build that does not run or names another version',
      () => {
        versionAnswer = 'castellan-agent 0.2.0';
      },
      /answered "castellan-agent 0.2.0"/,
    ],
    [
      'a download elsewhere than the server',
      () => {
        (manifest.builds['linux-x64'] as { path: string }).path = '/elsewhere';
      },
      /download elsewhere/,
    ],
    [
      'no build for this system',
      () => {
        manifest.builds = {};
      },
      /no 0.3.0 build for this system/,
    ],
  ];

  it.each(refusals)('keeps the old agent working after %s, and says why', async (_, spoil, why) => {
    spoil();
    const outcome = await updateAgent(deps(), CONFIG);
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.reason).toMatch(why);
    expect(await readFile(file)).toEqual(OLD);
    expect((await saved()).lastUpdateError).toMatch(why);
    // Nothing is left beside it.
    await expect(stat(`${file}.next`)).rejects.toThrow();
  });

  it('updates nothing without the server key, or when Node runs its script', async () => {
    const { updateKey: _, ...noKey } = CONFIG;
    expect((await updateAgent(deps(), noKey)).kind).toBe('skipped');
    expect((await updateAgent({ ...deps(), self: null }, CONFIG)).kind).toBe('skipped');
    expect(requests).toEqual([]);
  });

  it('on Windows moves the running file aside, and replaces that copy at the next update', async () => {
    const windows = { ...deps(), device: { ...deps().device, platform: 'win32' as const } };
    expect((await updateAgent(windows, CONFIG)).kind).toBe('updated');
    expect(await readFile(file)).toEqual(NEW);
    expect(await readFile(`${file}.old`)).toEqual(OLD);

    const NEWER = Buffer.from('newer agent 0.4.0');
    served = NEWER;
    versionAnswer = 'castellan-agent 0.4.0';
    manifest.version = '0.4.0';
    manifest.builds['linux-x64'] = {
      path: '/api/agent/download/linux-x64',
      bytes: NEWER.length,
      sha256: sha256(NEWER),
    };
    const next = { ...windows, device: { ...windows.device, agentVersion: '0.3.0' } };
    expect((await updateAgent(next, CONFIG)).kind).toBe('updated');
    expect(await readFile(file)).toEqual(NEWER);
    expect(await readFile(`${file}.old`)).toEqual(NEW);
  });
});
