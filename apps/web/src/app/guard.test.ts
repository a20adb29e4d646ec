import type { UserData } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { aUser } from '../test/fixtures';
import { decide } from './guard';

const user = aUser;
const admin = (over: Partial<UserData> = {}) => aUser({ role: 'admin', ...over });

const go = (path: string, who: UserData | null, query = '', storedRedirect: string | null = null) =>
  decide({ path, query: new URLSearchParams(query), user: who, storedRedirect });

describe('navigation guard', () => {
  it('sends anonymous visitors of protected routes to / with login=true', () => {
    for (const path of [
      '/dashboard',
      '/tasks',
      '/users',
      '/impersonate/users',
      '/registration/scan',
    ]) {
      expect(go(path, null).redirectTo).toBe('/?login=true');
    }
  });

  it('lets anonymous visitors open public routes', () => {
    for (const path of [
      '/',
      '/risk-analysis/public',
      '/risk-analysis/public/example.com',
      '/trust-center',
      '/test-login',
      '/facebook-success',
      '/unsubscribe',
      '/risk-analysis/attack-graph',
      '/shared/0123456789abcdefghijABCDEFGHIJ_-0123456789a',
    ]) {
      expect(go(path, null)).toEqual({ redirectTo: null });
    }
  });

  it('stores the integrations page as post-login target when a permissions flag is present', () => {
    const decision = go('/integrations', null, 'googleWorkspacePermissionsRequired=true');
    expect(decision).toEqual({
      redirectTo: '/?login=true',
      storeRedirect: '/integrations?googleWorkspacePermissionsRequired=true',
    });
    expect(go('/integrations', null, 'foo=true').storeRedirect).toBeUndefined();
  });

  it('sends non-admins away from admin routes to /dashboard', () => {
    expect(go('/users', user()).redirectTo).toBe('/dashboard');
    expect(go('/users', admin()).redirectTo).toBeNull();
    for (const path of ['/readiness', '/board']) {
      expect(go(path, user()).redirectTo).toBe('/dashboard');
      expect(go(path, admin()).redirectTo).toBeNull();
    }
  });

  it('sends non-staff away from the impersonation page', () => {
    expect(go('/impersonate/users', admin()).redirectTo).toBe('/dashboard');
    expect(go('/impersonate/users', admin({ staff: true })).redirectTo).toBeNull();
  });

  it('forces admins of a pending organisation to the registration scan', () => {
    const pending = admin({ organizationStatus: 'PENDING' });
    for (const path of ['/', '/dashboard', '/tasks', '/users', '/settings']) {
      expect(go(path, pending).redirectTo).toBe('/registration/scan');
    }
    for (const path of ['/registration/scan', '/agent/download', '/integrations']) {
      expect(go(path, pending).redirectTo).toBeNull();
    }
    // A member of a pending organisation is not forced.
    expect(go('/dashboard', user({ organizationStatus: 'PENDING' })).redirectTo).toBeNull();
  });

  it('uses a stored post-login target once and clears it', () => {
    const target = '/integrations?googleWorkspacePermissionsRequired=true';
    expect(go('/', admin(), '', target)).toEqual({ redirectTo: target, storeRedirect: null });
    expect(go('/integrations', admin(), 'googleWorkspacePermissionsRequired=true', target)).toEqual(
      {
        redirectTo: null,
        storeRedirect: null,
      },
    );
  });

  it('sends a signed-in registered user from / to /dashboard', () => {
    expect(go('/', user()).redirectTo).toBe('/dashboard');
    expect(go('/', user({ organizationStatus: 'PENDING' })).redirectTo).toBeNull();
  });
});
