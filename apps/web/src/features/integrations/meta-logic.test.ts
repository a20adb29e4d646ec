import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/memory-storage';
import { oauthFlow } from '../../lib/oauth-flow';
import { lastSyncText } from './integration-display';
import { ENABLE_MFA_FAILED, enableMfaFailure } from './meta-api';
import { META_POPUP, openMetaPopup, POPUP_BLOCKED } from './meta-popup';

const failure = (body: unknown) => ({
  response: new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 409,
    headers: { 'content-type': 'application/json' },
  }),
});

describe('enabling Facebook MFA: the failure message (spec §8)', () => {
  it('is the server’s message field, else its error field', async () => {
    expect(await enableMfaFailure(failure({ message: 'Meta said no.', error: 'x' }))).toBe(
      'Meta said no.',
    );
    expect(await enableMfaFailure(failure({ error: 'Only admins can.' }))).toBe('Only admins can.');
  });

  it('is "Failed to enable Facebook MFA" without either, or without an answer', async () => {
    expect(await enableMfaFailure(failure({}))).toBe(ENABLE_MFA_FAILED);
    expect(await enableMfaFailure(failure('not json'))).toBe(ENABLE_MFA_FAILED);
    expect(await enableMfaFailure(new TypeError('Failed to fetch'))).toBe(ENABLE_MFA_FAILED);
    expect(ENABLE_MFA_FAILED).toBe('Failed to enable Facebook MFA');
  });
});

describe('the Facebook popup (spec §7, §9)', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const fakeWindow = (popup: { closed: boolean } | null) => {
    const open = vi.fn(() => popup);
    const win = {
      open,
      screenX: 0,
      screenY: 0,
      outerWidth: 1400,
      outerHeight: 1000,
      setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
      clearInterval: (id: number) => clearInterval(id),
    };
    return { win: win as unknown as Window, open };
  };

  it('opens 600×700 on /api/facebook/auth and reports its closing within 500 ms', () => {
    vi.useFakeTimers();
    const popup = { closed: false };
    const { win, open } = fakeWindow(popup);
    const onClosed = vi.fn();
    openMetaPopup(onClosed, win);
    expect(oauthFlow.current()).toMatchObject({ provider: 'meta', returnTo: '/integrations' });
    expect(open).toHaveBeenCalledWith(
      '/api/facebook/auth',
      expect.any(String),
      expect.stringContaining('width=600,height=700'),
    );
    vi.advanceTimersByTime(META_POPUP.pollMs * 3);
    expect(onClosed).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(META_POPUP.pollMs);
    expect(onClosed).toHaveBeenCalledOnce();
    expect(oauthFlow.current()).toBeNull();
    vi.advanceTimersByTime(META_POPUP.pollMs * 3);
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it('says "Failed to open popup" when the browser blocks it', () => {
    const { win } = fakeWindow(null);
    expect(() => openMetaPopup(() => {}, win)).toThrow(POPUP_BLOCKED);
    expect(POPUP_BLOCKED).toBe('Failed to open popup');
  });
});

describe('the last sync’s counts', () => {
  it('read as one sentence', () => {
    expect(lastSyncText({ usersRead: 25, checksPassed: 4, checksFailed: 1 })).toBe(
      'Last sync: 25 users read, 4 checks passed, 1 failed.',
    );
    expect(lastSyncText({ usersRead: 1, checksPassed: 1, checksFailed: 0 })).toBe(
      'Last sync: 1 user read, 1 check passed, 0 failed.',
    );
  });
});
