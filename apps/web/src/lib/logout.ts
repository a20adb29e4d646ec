import { send } from './api';
import { wasRateLimited } from './create-http';
import { queryClient } from './query-client';
import { sessionState } from './session-state';

/**
 * Clears the session and leaves: every cached answer and the session state are dropped, and the
 * page is loaded afresh at `destination`, so nothing of the previous user stays in memory.
 */
export function leaveSession(destination: string): void {
  queryClient.clear();
  sessionState.clear();
  window.location.assign(destination);
}

/**
 * Logs out. A 204 means the server ended an impersonation and the staff member's own session is
 * back: reload it on the impersonation page. Otherwise, and even if the call fails, the local
 * session is cleared and the user lands on the start page.
 */
export async function logout(): Promise<void> {
  try {
    const response = await send('POST', '/auth/logout', { context: { isLogout: true } });
    if (response.status === 204 && !wasRateLimited(response)) {
      leaveSession('/impersonate/users');
      return;
    }
  } catch {
    // The local session is cleared below whatever the server said.
  }
  leaveSession('/?logout=true');
}
