import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { isProtectedPath } from '../app/route-rules';
import { configureHttp } from '../lib/http';
import { queryClient } from '../lib/query-client';
import { showToast } from '../lib/toast';

// As main.tsx does, except that an expired session only says so: a test has no page to leave.
configureHttp({
  isProtectedPath,
  onSessionExpired: (message) => showToast({ severity: 'warn', summary: message }),
});

afterEach(() => {
  cleanup();
  // The guard and the logout use the app's own cache; each test starts signed out and empty.
  queryClient.clear();
  sessionStorage.clear();
  localStorage.clear();
});
