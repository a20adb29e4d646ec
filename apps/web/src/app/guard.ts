import type { UserData } from '@castellan/contract';
import { LOGIN_PROMPT_PATH } from '../lib/login-prompt';
import { findRoute, mayOpen, needsSession } from './route-rules';

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

/** A query flag such as googleWorkspacePermissionsRequired=true asks to come back after login. */
const hasPermissionsFlag = (query: URLSearchParams): boolean =>
  [...query.entries()].some(
    ([key, value]) => value === 'true' && key.endsWith('PermissionsRequired'),
  );

/** The navigation guard of the spec as a pure function of the route, session and query. */
export function decide({ path, query, user, storedRedirect }: GuardInput): GuardDecision {
  const route = findRoute(path);
  const access = route?.access ?? 'public';

  if (!user) {
    if (!needsSession(access)) return { redirectTo: null };
    const storeRedirect = hasPermissionsFlag(query)
      ? `/integrations?${query.toString()}`
      : undefined;
    return { redirectTo: LOGIN_PROMPT_PATH, ...(storeRedirect ? { storeRedirect } : {}) };
  }

  if (storedRedirect && storedRedirect !== `${path}${query.size ? `?${query}` : ''}`) {
    return { redirectTo: storedRedirect, storeRedirect: null };
  }
  if (storedRedirect) return { redirectTo: null, storeRedirect: null };
  const isAdmin = user.role === 'admin';
  if (isAdmin && user.organizationStatus === 'PENDING' && !route?.duringRegistration) {
    return { redirectTo: '/registration/scan' };
  }
  if (!mayOpen(access, user)) return { redirectTo: '/dashboard' };
  if (path === '/' && user.organizationStatus === 'REGISTERED') return { redirectTo: '/dashboard' };
  return { redirectTo: null };
}
