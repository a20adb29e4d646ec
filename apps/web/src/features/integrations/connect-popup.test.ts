import { PROVIDERS } from '@castellan/contract/providers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../lib/memory-storage';
import { oauthFlow } from '../../lib/oauth-flow';
import { CONNECT_POPUP, openConnectPopup, POPUP_BLOCKED } from './connect-popup';

describe('the Meta sign-in popup (spec §7, §9)', () => {
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
    openConnectPopup('meta', `/api${PROVIDERS.meta.connect.start}`, onClosed, win);
    expect(oauthFlow.current()).toMatchObject({ provider: 'meta', returnTo: '/integrations' });
    expect(open).toHaveBeenCalledWith(
      '/api/facebook/auth',
      expect.any(String),
      expect.stringContaining('width=600,height=700'),
    );
    vi.advanceTimersByTime(CONNECT_POPUP.pollMs * 3);
    expect(onClosed).not.toHaveBeenCalled();
    popup.closed = true;
    vi.advanceTimersByTime(CONNECT_POPUP.pollMs);
    expect(onClosed).toHaveBeenCalledOnce();
    expect(oauthFlow.current()).toBeNull();
    vi.advanceTimersByTime(CONNECT_POPUP.pollMs * 3);
    expect(onClosed).toHaveBeenCalledOnce();
  });

  it('says "Failed to open popup" when the browser blocks it', () => {
    const { win } = fakeWindow(null);
    expect(() => openConnectPopup('meta', '/api/facebook/auth', () => {}, win)).toThrow(
      POPUP_BLOCKED,
    );
    expect(POPUP_BLOCKED).toBe('Failed to open popup');
  });
});
