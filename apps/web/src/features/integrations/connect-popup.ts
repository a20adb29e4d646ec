import type { ProviderId } from '@castellan/contract';
import { oauthFlow } from '../../lib/oauth-flow';

/** Spec §7 and §9: the size of a provider's sign-in popup and how often it is checked. */
export const CONNECT_POPUP = { width: 600, height: 700, pollMs: 500 };
export const POPUP_BLOCKED = 'Failed to open popup';

/**
 * Opens a provider's sign-in popup at `path`, over the middle of the window, and calls `onClosed`
 * once it has been closed (it closes itself where the flow ends). Throws POPUP_BLOCKED when the
 * browser would not open it.
 */
export function openConnectPopup(
  id: ProviderId,
  path: string,
  onClosed: () => void,
  win: Window = window,
): () => void {
  const { width, height, pollMs } = CONNECT_POPUP;
  const left = Math.max(0, win.screenX + (win.outerWidth - width) / 2);
  const top = Math.max(0, win.screenY + (win.outerHeight - height) / 2);
  const popup = win.open(
    path,
    `castellan-${id}`,
    `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) throw new Error(POPUP_BLOCKED);
  oauthFlow.start(id, '/integrations');
  const timer = win.setInterval(() => {
    if (!popup.closed) return;
    win.clearInterval(timer);
    oauthFlow.finish();
    onClosed();
  }, pollMs);
  return () => win.clearInterval(timer);
}
