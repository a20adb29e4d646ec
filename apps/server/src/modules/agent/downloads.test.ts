import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AGENT_TARGETS } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../../test/test-app';

const dist = mkdtempSync(path.join(tmpdir(), 'castellan-agent-dist-'));
const linuxBuild = Buffer.from('#!/bin/sh\necho an agent build\n');
writeFileSync(path.join(dist, 'castellan-agent-linux-x64'), linuxBuild);
const sha256 = createHash('sha256').update(linuxBuild).digest('hex');

describe('the agent downloads', () => {
  const server = useTestApp('pglite', { seed: true, env: { AGENT_DIST_DIR: dist } });

  it('lists every system, with size and SHA-256 where this server has a build', async () => {
    const cookie = await server().signIn('ben.carter@brightwave.example');
    const res = await server().inject({ url: '/api/agent/downloads', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { downloads } = res.json();
    expect(downloads.map((d: { target: string }) => d.target)).toEqual([
      'linux-x64',
      'linux-arm64',
      'darwin-arm64',
      'darwin-x64',
      'win32-x64',
      'win32-arm64',
      'node',
    ]);
    expect(downloads[0]).toEqual({
      target: 'linux-x64',
      label: 'Linux (x64)',
      fileName: 'castellan-agent-linux-x64',
      file: { url: '/api/agent/download/linux-x64', bytes: linuxBuild.length, sha256 },
    });
    expect(downloads.slice(1).every((d: { file: unknown }) => d.file === null)).toBe(true);
  });

  it('serves the file as an attachment with its checksum, and 404 for a system without one', async () => {
    const res = await server().inject({ url: '/api/agent/download/linux-x64' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(linuxBuild)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="castellan-agent-linux-x64"',
    );
    expect(res.headers['x-checksum-sha256']).toBe(sha256);
    expect(
      expectError(await server().inject({ url: '/api/agent/download/win32-x64' }), 404),
    ).toMatch(/no agent build/);
    expectError(await server().inject({ url: '/api/agent/download/..%2F..%2Fetc%2Fpasswd' }), 400);
  });

  it('gives an enrollment code, there being a build to enroll', async () => {
    const cookie = await server().signIn('ben.carter@brightwave.example');
    const res = await server().inject({
      method: 'POST',
      url: '/api/agent/enrollment-codes',
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a server without any agent build', () => {
  const server = useTestApp('pglite', {
    seed: true,
    env: { AGENT_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'castellan-agent-none-')) },
  });

  it('lists no file to download and gives no enrollment code', async () => {
    const cookie = await server().signIn('ben.carter@brightwave.example');
    const list = await server().inject({ url: '/api/agent/downloads', headers: { cookie } });
    expect(list.json().downloads.map((d: { file: unknown }) => d.file)).toEqual(
      AGENT_TARGETS.map(() => null),
    );
    const res = await server().inject({
      method: 'POST',
      url: '/api/agent/enrollment-codes',
      headers: { cookie },
    });
    expect(expectError(res, 409)).toMatch(/no agent build .* nothing to enroll/);
  });
});
