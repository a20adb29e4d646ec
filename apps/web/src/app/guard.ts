import type { UserData } from '@castellan/contract';
import { matchPath } from 'react-router';
import { type AppRoute, ROUTES } from './routes';

export const LOGIN_MESSAGE = 'Please login to continue.';

export type GuardInput = {
  path: string;
  query: URLSearchParams;
  user: UserData | null;
  /** The post-login target stored earlier, if any. */
  storedRedirect: string | null;
};

export type GuardDecision = {
  /** Where to go instead, or null to stay. */
  redirectTo: string | null;
  /** A post-login target to remember, or null to forget the stored one; undefined leaves it. */
  storeRedirect?: string | null;
};

export function findRoute(path: string): AppRoute | undefined {
  return ROUTES.find((r) => matchPath({ path: r.path, end: true }, path) !== null);
}

/** A query flag such as googleWorkspacePermissionsRequired=true asks to come back after login. */
const hasPermissionsFlag = (query: URLSearchParams): boolean =>
  [...query.entries()].some(
    ([key, value]) => value === 'true' && key.endsWith('PermissionsRequired'),
  );

const REGISTRATION_EXEMPT = ['/registration', '/agent/download', '/integrations'];
const isRegistrationExempt = (path: string) =>
  REGISTRATION_EXEMPT.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The navigation guard of the spec as a pure function of the route, session and query. */
export function decide({ path, query, user, storedRedirect }: GuardInput): GuardDecision {
  const route = findRoute(path);
  const access = route?.access ?? 'public';
  const protectedRoute = access === 'login' || access === 'admin' || access === 'staff';

  if (!user) {
    if (!protectedRoute) return { redirectTo: null };
    const storeRedirect = hasPermissionsFlag(query)
      ? `/integrations?${query.toString()}`
      : undefined;
    return { redirectTo: '/?login=true', ...(storeRedirect ? { storeRedirect } : {}) };
  }

  if (storedRedirect && storedRedirect !== `${path}${query.size ? `?${query}` : ''}`) {
    return { redirectTo: storedRedirect, storeRedirect: null };
  }
  if (storedRedirect) return { redirectTo: null, storeRedirect: null };
  const isAdmin = user.role === 'admin';
  if (isAdmin && user.organizationStatus === 'PENDING' && !isRegistrationExempt(path)) {
    return path === '/registration/scan'
      ? { redirectTo: null }
      : { redirectTo: '/registration/scan' };
  }
  if (access === 'admin' && !isAdmin) return { redirectTo: '/dashboard' };
  if (access === 'staff' && !user.staff) return { redirectTo: '/dashboard' };
  if (path === '/' && user.organizationStatus === 'REGISTERED') return { redirectTo: '/dashboard' };
  return { redirectTo: null };
}
