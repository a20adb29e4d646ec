import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BEN, useTestApp } from '../../test/test-app';

const agentDist = mkdtempSync(path.join(tmpdir(), 'castellan-agent-dist-'));
// Text-like and over the threshold: only its content type keeps it from being compressed.
const agentBuild = Buffer.from('#!/bin/sh\n'.repeat(400));
writeFileSync(path.join(agentDist, 'castellan-agent-linux-x64'), agentBuild);

describe('compression of API answers', () => {
  const server = useTestApp('pglite', { seed: true, env: { AGENT_DIST_DIR: agentDist } });

  it('compresses JSON over 1 KB with brotli or gzip, as the browser asks', async () => {
    const cookie = await server().signIn(BEN);
    const plain = await server().inject({ url: '/api/actions', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await server().inject({
      url: '/api/actions',
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await server().inject({
      url: '/api/actions',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and the agent executable as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const health = await server().inject({ url: '/api/health', headers });
    expect(health.headers['content-encoding']).toBeUndefined();

    const agent = await server().inject({ url: '/api/agent/download/linux-x64', headers });
    expect(agent.headers['content-encoding']).toBeUndefined();
    expect(agent.headers['content-length']).toBe(String(agentBuild.length));
    expect(agent.rawPayload.equals(agentBuild)).toBe(true);
  });
});
