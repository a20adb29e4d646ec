import { queryClient } from '../../app/query-client';
import { http } from '../../lib/http';
import { sessionState } from '../../lib/session-state';

/**
 * Logs out. A 204 means the server ended an impersonation and the staff member's own session is
 * back: reload it on the impersonation page. Otherwise, and even if the call fails, the local
 * session is cleared and the user lands on the start page.
 */
export async function logout(): Promise<void> {
  try {
    const response = await http.post('auth/logout', { context: { isLogout: true }, retry: 0 });
    if (response.status === 204) {
      queryClient.clear();
      sessionState.clear();
      window.location.assign('/impersonate/users');
      return;
    }
  } catch {
    // The local session is cleared below whatever the server said.
  }
  queryClient.clear();
  sessionState.clear();
  window.location.assign('/?logout=true');
}
