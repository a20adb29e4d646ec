import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { trackNavigation } from '../../lib/analytics';
import { reportError } from '../../lib/error-reporting';
import { pageTitle, usePageTitle } from '../../lib/use-page-title';
import { useUserData } from '../../lib/user-data';

// The app frame comes with the first signed-in page, not with the start page.
const AppFrame = lazy(async () => ({ default: (await import('./AppLayout')).AppLayout }));

export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useEffect(() => {
    if (navigation.state === 'loading') document.title = pageTitle('Loading');
  }, [navigation.state]);
  useEffect(() => trackNavigation(pathname), [pathname]);
  return <Outlet />;
}

export function FullPageLoader() {
  return (
    <Center h="100vh" role="status">
      <Loader aria-hidden />
      <Text ml="sm">Loading...</Text>
    </Center>
  );
}

/** An address the app does not have: inside the app's frame when signed in, alone otherwise. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const { data: user } = useUserData();
  if (!user) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Title order={1}>Page not found</Title>
          <Text>There is no page at this address.</Text>
          <Anchor component={Link} to="/">
            Go to the start page
          </Anchor>
        </Stack>
      </Center>
    );
  }
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppFrame>
        <Stack align="flex-start" gap="sm">
          <Title order={1} size="h2">
            Page not found
          </Title>
          <Text>There is no page at this address. The menu leads to every page you can open.</Text>
          <Anchor component={Link} to="/dashboard">
            Go to the overview
          </Anchor>
        </Stack>
      </AppFrame>
    </Suspense>
  );
}

export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  usePageTitle('Error');
  return (
    <Center h="100vh">
      <Stack align="center" maw={480} p="md">
        <Title order={1}>Something went wrong</Title>
        <Text ta="center">
          {error instanceof Error ? error.message : 'The page could not be shown.'} Please reload
          the page; if it keeps happening, sign out and in again.
        </Text>
        <Anchor href="/">Go to the start page</Anchor>
      </Stack>
    </Center>
  );
}
