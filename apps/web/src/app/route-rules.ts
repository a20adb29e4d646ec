import type { UserData } from '@castellan/contract';
import { matchPath } from 'react-router';
import { type Access, type AppRoute, ROUTES } from './routes';

/** The route of the table a path opens, if any. */
export function findRoute(path: string): AppRoute | undefined {
  return ROUTES.find((r) => matchPath({ path: r.path, end: true }, path) !== null);
}

/** Routes of these kinds need a signed-in user. */
export const needsSession = (access: Access): boolean =>
  access === 'login' || access === 'admin' || access === 'staff';

/** A path whose route needs a signed-in user; unknown paths are public. */
export const isProtectedPath = (path: string): boolean =>
  needsSession(findRoute(path)?.access ?? 'public');

/** Whether a signed-in user may open a route of this access. */
export function mayOpen(access: Access, user: Pick<UserData, 'role' | 'staff'>): boolean {
  if (access === 'admin') return user.role === 'admin';
  if (access === 'staff') return user.staff;
  return true;
}
