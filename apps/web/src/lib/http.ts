import { createHttp, type HttpDeps } from './create-http';

export { httpStatus } from './create-http';

/** What only the app knows: which pages need a session, and how an expired one ends. */
export type HttpRules = Pick<HttpDeps, 'isProtectedPath' | 'onSessionExpired'>;

let rules: HttpRules | null = null;

/** Called once at start (main.tsx), before the first request. */
export function configureHttp(appRules: HttpRules): void {
  rules = appRules;
}

function configured(): HttpRules {
  if (!rules) throw new Error('The HTTP client is used before configureHttp() was called.');
  return rules;
}

/** The app's API client: `/api` prefix; a 401 on a protected page logs out. */
export const http = createHttp({
  prefixUrl: '/api',
  currentPath: () => window.location.pathname,
  isProtectedPath: (path) => configured().isProtectedPath(path),
  onSessionExpired: (message) => configured().onSessionExpired(message),
  goHome: () => window.location.assign('/'),
});
