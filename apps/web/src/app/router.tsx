import { type ComponentType, useLayoutEffect } from 'react';
import type { RouteObject } from 'react-router';
import { PageHeading } from '../components/PageHeading';
import { pageTitle } from '../lib/use-page-title';
import { guardLoader } from './guard-loader';
import { FullPageLoader, NotFoundPage, RootLayout, RouteError } from './layouts/RootLayout';
import { PAGES } from './pages';
import { type AppRoute, type LayoutKind, ROUTES } from './routes';

function titled(route: AppRoute, Page: ComponentType): ComponentType {
  return function TitledPage() {
    // A layout effect runs before the page's own effects, so a page may name itself more
    // precisely with usePageTitle ("Risk analysis of example.com").
    useLayoutEffect(() => {
      document.title = pageTitle(route.title);
    }, []);
    return <Page />;
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  const page = PAGES[route.path];
  if (!page) {
    return {
      path: route.path,
      handle: route,
      Component: titled(route, () => <PageHeading title={route.title} />),
    };
  }
  return {
    path: route.path,
    handle: route,
    lazy: async () => ({ Component: titled(route, (await page()).default) }),
  };
}

const routesWith = (layout: LayoutKind) =>
  ROUTES.filter((r) => r.layout === layout).map(toRouteObject);

/**
 * The app's route tree: the guard at the root, then the pages by layout. main.tsx serves it from
 * the browser's address; the route tests from memory.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    loader: guardLoader,
    // The guard re-checks authentication on every navigation, not only when params change.
    shouldRevalidate: () => true,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      // Layouts load with their first page, so the start page does not carry them.
      {
        lazy: async () => ({ Component: (await import('./layouts/AppLayout')).AppLayout }),
        children: routesWith('app'),
      },
      {
        lazy: async () => ({
          Component: (await import('./layouts/RegistrationLayout')).RegistrationLayout,
        }),
        children: routesWith('registration'),
      },
      { children: routesWith('none') },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
