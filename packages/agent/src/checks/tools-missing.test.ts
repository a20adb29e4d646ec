import { AGENT_PLATFORMS } from '@castellan/contract/agent-checks';
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test/fake-context';
import { browserUpdates } from './browser-updates';
import { malwareProtection } from './malware-protection';
import { osUpdates } from './os-updates';

const CHECKS = { osUpdates, malwareProtection, browserUpdates };
const CURRENT = {
  chrome: '131.0.6778.85',
  firefox: '133.0',
  edge: '131.0.2903.70',
  safari: '18.1.1',
};

describe.each(Object.entries(CHECKS))('%s when the tools do not answer', (_, check) => {
  it.each(AGENT_PLATFORMS)('is unknown on %s when no tool is installed', async (platform) => {
    const result = await check(fakeContext({ platform, currentBrowsers: CURRENT }));
    expect(result.verdict).toBe('unknown');
  });

  it.each(AGENT_PLATFORMS)('is unknown on %s when every tool times out', async (platform) => {
    const otherwise = { code: null, timedOut: true };
    const result = await check(fakeContext({ platform, otherwise, currentBrowsers: CURRENT }));
    expect(result.verdict).toBe('unknown');
  });

  it.each(AGENT_PLATFORMS)(
    'never passes on %s when every tool fails silently',
    async (platform) => {
      const otherwise = { code: 1 };
      const result = await check(fakeContext({ platform, otherwise, currentBrowsers: CURRENT }));
      expect(result.verdict).not.toBe('pass');
      expect(result.evidence.length).toBeGreaterThan(0);
    },
  );
});
