import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { trackNavigation } from '../../lib/analytics';
import { reportError } from '../../lib/error-reporting';
import { pageTitle, usePageTitle } from '../../lib/use-page-title';

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

export function NotFoundPage() {
  usePageTitle('Page not found');
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
