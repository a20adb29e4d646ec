import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../../test/test-app';
import { manifestSigner } from './manifest';

const dist = mkdtempSync(path.join(tmpdir(), 'castellan-agent-updates-'));
const linux = Buffer.from(`#!/bin/sh\n${'echo an agent build\n'.repeat(200)}`);
const windows = Buffer.from(`MZ${'a windows build '.repeat(100)}`);
writeFileSync(path.join(dist, 'castellan-agent-linux-x64'), linux);
writeFileSync(path.join(dist, 'castellan-agent-linux-x64.gz'), gzipSync(linux));
writeFileSync(path.join(dist, 'castellan-agent-windows-x64.exe'), windows);
writeFileSync(path.join(dist, 'executables.json'), JSON.stringify({ version: '0.2.0' }));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

describe('the agent manifest and its key', () => {
  const server = useTestApp('pglite', { seed: true, env: { AGENT_DIST_DIR: dist } });

  async function enroll() {
    const cookie = await server().signIn('ben.carter@brightwave.example');
    const code = (
      await server().inject({
        method: 'POST',
        url: '/api/agent/enrollment-codes',
        headers: { cookie },
      })
    ).json().code;
    const res = await server().inject({
      method: 'POST',
      url: '/api/agent/enroll',
      payload: {
        code,
        device: {
          name: 'old-laptop',
          platform: 'linux',
          osVersion: 'Ubuntu 24.04',
          agentVersion: '0.1.0',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return {
      cookie,
      enrolled: res.json() as { deviceId: string; token: string; updateKey: string },
    };
  }

  it('signs the builds on disk with the key given to agents at enrollment', async () => {
    const { enrolled } = await enroll();
    expect(Buffer.from(enrolled.updateKey, 'base64')).toHaveLength(32);

    const res = await server().inject({ url: '/api/agent/manifest' });
    expect(res.statusCode).toBe(200);
    const { manifest, signature } = res.json();
    const bytes = Buffer.from(manifest, 'base64');
    const key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519, Buffer.from(enrolled.updateKey, 'base64')]),
      format: 'der',
      type: 'spki',
    });
    expect(verify(null, bytes, key, Buffer.from(signature, 'base64'))).toBe(true);
    // One changed byte and it no longer verifies.
    const spoiled = Buffer.from(bytes);
    spoiled[10] = (spoiled[10] ?? 0) ^ 1;
    expect(verify(null, spoiled, key, Buffer.from(signature, 'base64'))).toBe(false);
    expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({
      format: 1,
      version: '0.2.0',
      builds: {
        'linux-x64': {
          path: '/api/agent/download/linux-x64',
          bytes: linux.length,
          sha256: sha256(linux),
        },
        'win32-x64': {
          path: '/api/agent/download/win32-x64',
          bytes: windows.length,
          sha256: sha256(windows),
        },
      },
    });
  });

  it('derives the same key from the same secret, and another from another', () => {
    const secret = Buffer.alloc(32, 7);
    expect(manifestSigner(secret).publicKey).toBe(manifestSigner(Buffer.from(secret)).publicKey);
    expect(manifestSigner(Buffer.alloc(32, 8)).publicKey).not.toBe(
      manifestSigner(secret).publicKey,
    );
  });

  it('tells Company status how many releases behind each device is', async () => {
    const { cookie, enrolled } = await enroll();
    const res = await server().inject({
      url: '/api/agent/devices',
      headers: { cookie },
    });
    const device = res.json().devices.find((d: { id: string }) => d.id === enrolled.deviceId);
    expect(device).toMatchObject({ agentVersion: '0.1.0', releasesBehind: 1 });
    const downloads = await server().inject({ url: '/api/agent/downloads', headers: { cookie } });
    expect(downloads.json().version).toBe('0.2.0');
  });

  it('sends the gzip copy to a client that accepts gzip, and the file itself to one that does not', async () => {
    const gz = await server().inject({
      url: '/api/agent/download/linux-x64',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBeLessThan(linux.length / 4);
    expect(gunzipSync(gz.rawPayload).equals(linux)).toBe(true);
    expect(gz.headers['x-checksum-sha256']).toBe(sha256(linux));
    expect(gz.headers.vary).toMatch(/accept-encoding/);

    for (const headers of [{}, { 'accept-encoding': 'gzip;q=0, br' }]) {
      const plain = await server().inject({ url: '/api/agent/download/linux-x64', headers });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(linux)).toBe(true);
    }
    // A build without its gzip copy is sent as it is.
    const exe = await server().inject({
      url: '/api/agent/download/win32-x64',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(exe.headers['content-encoding']).toBeUndefined();
    expect(exe.rawPayload.equals(windows)).toBe(true);
  });

  it('does not send a gzip copy older than its build', async () => {
    const file = path.join(dist, 'castellan-agent-linux-x64.gz');
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(file, past, past);
    try {
      const res = await server().inject({
        url: '/api/agent/download/linux-x64',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
    } finally {
      const now = new Date(Date.now() + 1000);
      utimesSync(file, now, now);
    }
  });

  it('serves the one-line installs with this server and the builds’ SHA-256 written in', async () => {
    const sh = await server().inject({ url: '/api/agent/install.sh' });
    expect(sh.statusCode).toBe(200);
    expect(sh.headers['content-type']).toMatch(/^text\/plain/);
    expect(sh.body).toMatch(/^#!\/bin\/sh\n/);
    expect(sh.body).toContain(
      `Linux-x86_64 | Linux-amd64) target=linux-x64 sum='${sha256(linux)}'`,
    );
    // No build for Arm64 Linux here: the script says so rather than install anything.
    expect(sh.body).toContain("target=linux-arm64 sum=''");
    expect(sh.body).toMatch(/SERVER='http:\/\/localhost:\d+'/);
    expect(sh.body).toContain('--install --system');

    const ps = await server().inject({ url: '/api/agent/install.ps1' });
    expect(ps.statusCode).toBe(200);
    expect(ps.body).toContain(`'AMD64' { $target = 'win32-x64'; $sum = '${sha256(windows)}' }`);
    expect(ps.body).toContain("$sum = '' }");
    expect(ps.body).toContain('--install --system --owner $sid');
  });
});

describe('a server without versioned builds', () => {
  const server = useTestApp('pglite', {
    seed: true,
    env: { AGENT_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'castellan-agent-none-')) },
  });

  it('has no manifest to update from', async () => {
    expect(expectError(await server().inject({ url: '/api/agent/manifest' }), 404)).toMatch(
      /no agent builds to update from/,
    );
  });
});
