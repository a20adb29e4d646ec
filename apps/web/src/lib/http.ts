import { findRoute } from '../app/guard';
import { createHttp } from './create-http';
import { showToast } from './toast';

export { httpStatus } from './create-http';

const PROTECTED = new Set(['login', 'admin', 'staff']);

/** The app's API client: `/api` prefix; a 401 on a protected page logs out. */
export const http = createHttp({
  prefixUrl: '/api',
  currentPath: () => window.location.pathname,
  isProtectedPath: (path) => PROTECTED.has(findRoute(path)?.access ?? 'public'),
  onSessionExpired: (message) => {
    showToast({ severity: 'warn', summary: message });
    void import('../features/auth/logout').then(({ logout }) => logout());
  },
  goHome: () => window.location.assign('/'),
});
