import { AGENT_LIMITS, type AgentCheckResult } from '@castellan/contract/agent-checks';
import { describe, expect, it } from 'vitest';
import {
  boundReport,
  clip,
  MAX_ANSWER_BYTES,
  ServerError,
  serverBaseUrl,
  serverClient,
} from './server-client';

describe('serverBaseUrl', () => {
  it('accepts https, and trims the trailing slash', () => {
    expect(serverBaseUrl('https://castellan.example/')).toBe('https://castellan.example');
    expect(serverBaseUrl('https://example.com:8443/castellan/')).toBe(
      'https://example.com:8443/castellan',
    );
  });

  it('accepts plain http to this computer only', () => {
    expect(serverBaseUrl('http://localhost:3000')).toBe('http://localhost:3000');
    expect(serverBaseUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000');
    expect(serverBaseUrl('http://[::1]:3000')).toBe('http://[::1]:3000');
    for (const url of [
      'http://castellan.example',
      'http://192.168.1.10:3000',
      'http://localhost.castellan.example',
      'http://127.0.0.2',
    ]) {
      expect(() => serverBaseUrl(url)).toThrow('must be reached over https');
    }
  });

  it('refuses what is not a plain web address', () => {
    expect(() => serverBaseUrl('castellan.example')).toThrow('is not a web address');
    expect(() => serverBaseUrl('ftp://castellan.example')).toThrow('is not a web address');
    expect(() => serverBaseUrl('https://user:pw@castellan.example')).toThrow('alone');
    expect(() => serverBaseUrl('https://castellan.example/?x=1')).toThrow('alone');
  });
});

describe('clip and boundReport', () => {
  it('clips to the limit with an ellipsis, never splitting a character in two', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('abcdefghijk', 5)).toBe('abcd…');
    expect(clip('abc😀def', 5)).toBe('abc…');
  });

  it('keeps every evidence sentence and version within the server’s bounds', () => {
    const checks: AgentCheckResult[] = [
      { id: 'firewall', verdict: 'fail', evidence: 'é'.repeat(5000) },
      { id: 'screen-lock', verdict: 'pass', evidence: 'Locks after 5 minutes.' },
    ];
    const bounded = boundReport({
      reportedAt: '2026-11-25T12:00:00.000Z',
      device: { osVersion: 'v'.repeat(300), agentVersion: '0.1.0' },
      checks,
    });
    expect(bounded.checks[0]?.evidence).toHaveLength(AGENT_LIMITS.evidenceChars);
    expect(bounded.checks[1]?.evidence).toBe('Locks after 5 minutes.');
    expect(bounded.device?.osVersion).toHaveLength(AGENT_LIMITS.versionChars);
    expect(Buffer.byteLength(JSON.stringify(bounded))).toBeLessThan(AGENT_LIMITS.reportBytes);
  });
});

describe('serverClient', () => {
  const answering =
    (response: () => Response, seen: RequestInit[] = []): typeof fetch =>
    async (_input, init) => {
      seen.push(init ?? {});
      return response();
    };

  it('sends JSON with a timeout and refuses redirects rather than follow them', async () => {
    const seen: RequestInit[] = [];
    const client = serverClient(
      'https://castellan.example',
      answering(() => new Response(null, { status: 204 }), seen),
      'castellan-agent/0.1.0',
    );
    expect(await client.unenroll('tok')).toBe('removed');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', authorization: 'Bearer tok' },
    });
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('names the address a redirect points to', async () => {
    const client = serverClient(
      'https://castellan.example',
      answering(
        () => new Response(null, { status: 308, headers: { location: 'https://new.example/' } }),
      ),
      'ua',
    );
    await expect(client.unenroll('tok')).rejects.toThrow(
      'https://castellan.example answered with a redirect to https://new.example/; give that address with --server.',
    );
  });

  it('refuses an answer too large to be the server’s', async () => {
    const big = new Uint8Array(MAX_ANSWER_BYTES + 1);
    const client = serverClient(
      'https://castellan.example',
      answering(() => new Response(big, { status: 200 })),
      'ua',
    );
    await expect(
      client.report('tok', {
        reportedAt: '2026-11-25T12:00:00.000Z',
        checks: [{ id: 'firewall', verdict: 'pass', evidence: 'On.' }],
      }),
    ).rejects.toThrow('gave an answer far too large');
  });

  it('says when the server does not answer in time', async () => {
    const client = serverClient(
      'https://castellan.example',
      async () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
      'ua',
    );
    await expect(client.unenroll('tok')).rejects.toThrow(
      'Could not reach https://castellan.example: no answer within 30 seconds',
    );
  });

  it('explains server failures, 404 and answers it cannot read', async () => {
    const failing = (status: number, body: string) =>
      serverClient(
        'https://castellan.example',
        answering(() => new Response(body, { status })),
        'ua',
      );
    await expect(
      failing(503, '{"error":"Something went wrong on our side."}').unenroll('t'),
    ).rejects.toThrow(
      'https://castellan.example could not answer (503: Something went wrong on our side.). Try again later.',
    );
    await expect(failing(404, '<html>').unenroll('t')).rejects.toThrow(
      'does not answer agent requests (404)',
    );
    await expect(
      failing(201, '<html>').enroll('c', {
        name: 'pc',
        platform: 'linux',
        osVersion: '1',
        agentVersion: '1',
      }),
    ).rejects.toThrow('gave an answer the agent does not understand');
    await expect(
      failing(413, '{"error":"The request body is too large."}').unenroll('t'),
    ).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ServerError &&
        error.status === 413 &&
        error.message === 'The request body is too large.',
    );
  });
});
