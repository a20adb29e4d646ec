import { Anchor, AppShell, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { Link, Outlet, NavLink as RouterNavLink, useLocation, useNavigation } from 'react-router';
import { Logo } from '../../components/Logo';
import { UserMenu } from '../../features/auth';
import { ImpersonationBanner } from '../../features/impersonation';
import { TourController } from '../../features/tour';
import { billingPortalUrl } from '../../lib/billing-portal-url';
import { useUserData } from '../../lib/user-data';
import { menuFor } from '../menu';
import { NavbarToggle } from './NavbarToggle';

function MainLoading() {
  return (
    <Text role="status" c="dimmed">
      Loading...
    </Text>
  );
}

export function AppLayout() {
  const [opened, { toggle, open, close }] = useDisclosure(false);
  // Folded away on a small screen the sidebar is only moved off-screen: keep keyboard and
  // screen-reader users out of it too. (The navbar breakpoint sm is 48em.)
  const smallScreen = useMediaQuery('(max-width: 47.99em)', false, {
    getInitialValueInEffect: false,
  });
  const { data: user } = useUserData();
  const navigation = useNavigation();
  const location = useLocation();

  // Only pages of this layout ask for confirmations: the modal code stays out of public pages.
  return (
    <ModalsProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <NavbarToggle opened={opened} onToggle={toggle} />
              <Anchor
                component={Link}
                to="/"
                underline="never"
                c="inherit"
                aria-label="Castellan home"
              >
                <Logo />
              </Anchor>
            </Group>
            {user && <UserMenu user={user} />}
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="sm" aria-label="Main menu" inert={smallScreen && !opened}>
          {user &&
            menuFor(user.role).map((item) =>
              item.target === 'billing' ? (
                <NavLink
                  key={item.label}
                  label={item.label}
                  href={billingPortalUrl(
                    window.location.origin + location.pathname + location.search,
                  )}
                />
              ) : (
                <NavLink
                  key={item.label}
                  label={item.label}
                  component={RouterNavLink}
                  to={item.target}
                  onClick={close}
                />
              ),
            )}
        </AppShell.Navbar>

        <AppShell.Main>
          {user?.impersonatedBy && <ImpersonationBanner user={user} />}
          {navigation.state === 'loading' ? (
            <MainLoading />
          ) : (
            <Suspense fallback={<MainLoading />}>
              <Outlet />
            </Suspense>
          )}
        </AppShell.Main>
        {/* The administrators' guided tour; it opens the sidebar when a step points into it. */}
        {user?.role === 'admin' && <TourController onStepInNavbar={open} />}
      </AppShell>
    </ModalsProvider>
  );
}
