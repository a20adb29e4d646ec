import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { appRoutes } from '../app/router';
import { createQueryClient, queryClient } from '../lib/query-client';

/**
 * Renders a component as the app does (theme, query cache, toasts) at an address of its own, with
 * a fresh query cache unless the test brings one (to put data in it first).
 */
export function renderWithApp(
  ui: ReactElement,
  { client = createQueryClient(), path = '/' }: { client?: QueryClient; path?: string } = {},
) {
  const user = userEvent.setup();
  const view = render(
    <AppProviders client={client} env="test">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, client };
}

/**
 * Opens an address of the app through its real route tree: the guard, the layouts and the lazy
 * pages. The guard reads the app's own query cache, which the test setup empties after each test.
 */
export function renderRoute(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders client={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** Where the router is now, e.g. '/?login=true'. */
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, user, router, address };
}
