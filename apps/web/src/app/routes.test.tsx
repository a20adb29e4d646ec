import type { UserData } from '@castellan/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../test/fake-api';
import { anAdmin, aUser } from '../test/fixtures';
import { renderRoute } from '../test/render';

/** The server's side of a session: who is signed in, and a tour already dismissed. */
const signedIn = (user: UserData | null) =>
  fakeApi({
    'GET /auth/user-data': user ? reply(user) : reply({ error: 'Not signed in' }, 401),
    'GET /tours': reply([{ tourType: 'main', status: 'dismissed', currentStepId: null }]),
  });

const menuEntries = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('routes as rendered', () => {
  it('sends an anonymous visitor of a protected page to the start page, asking to log in', async () => {
    signedIn(null);
    const { address } = renderRoute('/tasks');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please login to continue.');
    expect(address()).toBe('/?login=true');
  });

  it('sends a member away from an administrators’ page to the overview', async () => {
    signedIn(aUser());
    const { address } = renderRoute('/users');
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(address()).toBe('/dashboard');
  });

  it("shows a member the spec's short menu", async () => {
    signedIn(aUser());
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    expect(menuEntries()).toEqual(['Overview', 'Your tasks', 'Settings', 'Help']);
  });

  it('shows an administrator every menu entry in order, Billing leaving for the portal', async () => {
    signedIn(anAdmin());
    renderRoute('/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(menuEntries()).toEqual([
      'Overview',
      'Risk analysis',
      'Your tasks',
      'Company status',
      'Integrations',
      'Users',
      'Billing',
      'Settings',
      'Help',
    ]);
    const menu = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      `/api/customer-portal?return_url=${encodeURIComponent(`${window.location.origin}/settings`)}`,
    );
  });

  it('keeps an administrator of an unregistered organisation on the registration scan', async () => {
    signedIn(anAdmin({ organizationStatus: 'PENDING' }));
    const { address } = renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Registration', level: 1 })).toBeVisible();
    expect(address()).toBe('/registration/scan');
  });

  it('lets an administrator of an unregistered organisation open the integrations', async () => {
    signedIn(anAdmin({ organizationStatus: 'PENDING' }));
    const { address } = renderRoute('/integrations');
    expect(await screen.findByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    expect(address()).toBe('/integrations');
  });

  it('brings a visitor who followed a permissions link back to it once signed in', async () => {
    const link = '/integrations?googleWorkspacePermissionsRequired=true';
    signedIn(null);
    const { router, address } = renderRoute(link);
    await screen.findByRole('alert');
    expect(address()).toBe('/?login=true');

    signedIn(anAdmin());
    await act(() => router.navigate('/dashboard'));
    expect(address()).toBe(link);
    // Used once: the next visit goes where it was asked to.
    await act(() => router.navigate('/dashboard'));
    expect(address()).toBe('/dashboard');
  });

  it('says so at an address the app does not have', async () => {
    signedIn(null);
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    // Signed out, no app frame around it.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('says so inside the app layout, menu and all, when signed in', async () => {
    signedIn(aUser());
    renderRoute('/no-such-page');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'Page not found', level: 1 }),
    ).toBeInTheDocument();
    expect(menuEntries()).toEqual(['Overview', 'Your tasks', 'Settings', 'Help']);
    expect(within(main).getByRole('link', { name: 'Go to the overview' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
