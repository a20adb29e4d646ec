import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './memory-storage';
import { oauthFlow } from './oauth-flow';
import { sessionState } from './session-state';

describe('OAuth flow in the session state', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('writes provider, return path and start time when a flow starts, beside the user', () => {
    sessionState.update({ user: null, organization: null });
    const startedAt = new Date('2026-01-02T03:04:05Z');
    oauthFlow.start('google', '/', startedAt);
    expect(oauthFlow.current()).toEqual({
      provider: 'google',
      returnTo: '/',
      startedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(JSON.parse(sessionStorage.getItem('castellan.session') ?? '{}')).toMatchObject({
      oauthParams: { provider: 'google' },
    });
  });

  it('ends the flow when the app loads at its return path, and not elsewhere', () => {
    oauthFlow.start('microsoft', '/integrations?m365=true');
    oauthFlow.finishOnReturn('/dashboard');
    expect(oauthFlow.current()?.provider).toBe('microsoft');
    oauthFlow.finishOnReturn('/integrations');
    expect(oauthFlow.current()).toBeNull();
  });

  it('ends on demand, and with the whole session state on logout', () => {
    oauthFlow.start('facebook', '/integrations');
    oauthFlow.finish();
    expect(oauthFlow.current()).toBeNull();
    oauthFlow.start('google', '/');
    sessionState.clear();
    expect(oauthFlow.current()).toBeNull();
  });
});
