import { fileURLToPath } from 'node:url';
import { AGENT_LIMITS } from '@castellan/contract/agent-checks';
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test/fake-context';
import type { Check } from './context';
import { agentPlatform, runCheck, systemContext } from './system-context';

const ctx = fakeContext({ platform: 'linux' });

describe('runCheck', () => {
  it('passes a check result through', async () => {
    const check: Check = async () => ({ id: 'firewall', verdict: 'pass', evidence: 'On.' });
    expect(await runCheck('firewall', check, ctx)).toEqual({
      id: 'firewall',
      verdict: 'pass',
      evidence: 'On.',
    });
  });

  it('turns an exception into unknown with the message', async () => {
    const check: Check = async () => {
      throw new Error('boom');
    };
    expect(await runCheck('screen-lock', check, ctx)).toEqual({
      id: 'screen-lock',
      verdict: 'unknown',
      evidence: 'The check failed: boom',
    });
  });

  it('turns a thrown non-error into unknown', async () => {
    const check: Check = () => Promise.reject('no reason');
    const result = await runCheck('firewall', check, ctx);
    expect(result).toMatchObject({ verdict: 'unknown', evidence: 'The check failed: no reason' });
  });

  it('clips long evidence to the limit', async () => {
    const check: Check = async () => ({
      id: 'firewall',
      verdict: 'fail',
      evidence: 'x'.repeat(AGENT_LIMITS.evidenceChars * 2),
    });
    const result = await runCheck('firewall', check, ctx);
    expect(result.evidence).toHaveLength(AGENT_LIMITS.evidenceChars);
    expect(result.evidence.endsWith('…')).toBe(true);
  });
});

describe('systemContext', () => {
  it('describes this computer', async () => {
    const system = systemContext({ chrome: '131.0.6778.86' });
    expect(system.platform).toBe(process.platform);
    expect(system.currentBrowsers).toEqual({ chrome: '131.0.6778.86' });
    expect(await system.readFile('/no/such/file')).toBeNull();
    expect(await system.readFile(fileURLToPath(import.meta.url))).toContain('describes this');
  });

  it('refuses a system the agent does not support', () => {
    expect(() => agentPlatform('freebsd')).toThrow(/Linux, macOS and Windows, not on freebsd/);
    expect(agentPlatform('win32')).toBe('win32');
  });
});
