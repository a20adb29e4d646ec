import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { isProtectedPath } from '../app/route-rules';
import { takeWaitingConfirmations } from '../lib/confirm';
import { configureHttp } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { showToast, TOAST_LEAVE_DELAY_MS, TOASTS_PROPS } from '../lib/toast';

// A lazy page is compiled on first use; on two cores shared with the server's tests that can take
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// As main.tsx does, except that an expired session only says so: a test has no page to leave.
configureHttp({
  isProtectedPath,
  onSessionExpired: (message) => showToast({ severity: 'warn', summary: message }),
});

afterEach(async () => {
  cleanup();
  // The toasts' store lives as long as the worker's modules (shared by its files): a test's toasts leave with it.
  const toasts = TOASTS_PROPS.store;
  const { notifications: shown, queue } = toasts.getState();
  if (shown.length + queue.length > 0) {
    notifications.clean(toasts);
    await new Promise((done) => setTimeout(done, TOAST_LEAVE_DELAY_MS));
  }
  // A confirmation asked for where no page showed it waits for the next: not in another test.
  takeWaitingConfirmations();
  // The guard and the logout use the app's own cache; each test starts signed out and empty.
  queryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
});
