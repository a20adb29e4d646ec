import { Anchor, Group, NavLink, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { Logo } from '../../components/Logo';
import { UserMenu } from '../../features/auth';
import { ImpersonationBanner } from '../../features/impersonation';
import { useReportTimeZone } from '../../features/settings';
import { TourController } from '../../features/tour';
import { billingPortalUrl } from '../../lib/billing-portal-url';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { useUserData } from '../../lib/user-data';
import { isCurrentMenuTarget, menuFor } from '../menu';
import classes from './AppLayout.module.css';
import { NavbarToggle } from './NavbarToggle';
import { MAIN_ID, SkipLink } from './SkipLink';

// Loaded only while a partner works in a client: no one else's pages carry it.
const PartnerBanner = lazy(() =>
  import('../../features/partners/PartnerBanner').then((m) => ({ default: m.PartnerBanner })),
);

function MainLoading() {
  return (
    <Text role="status" c="dimmed">
      Loading...
    </Text>
  );
}

/** Which organisation the signed-in person works in: it has no name of its own but its domain. */
function OrganizationName({ domain }: { domain: string }) {
  return (
    <Text size="sm" fw={600} truncate="end" title={domain} data-organization-name>
      <VisuallyHidden>Organisation: </VisuallyHidden>
      {domain}
    </Text>
  );
}

/**
 * The frame of the signed-in pages: header, sidebar menu and the main area showing the route's
 * page, or `children` instead (the not-found page).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [opened, { toggle, open, close }] = useDisclosure(false);
  // Folded away on a small screen the sidebar is only moved off-screen: keep keyboard and
  // screen-reader users out of it too. (The navbar breakpoint sm is 48em.)
  const smallScreen = useMediaQuery('(max-width: 47.99em)', false, {
    getInitialValueInEffect: false,
  });
  const { data: user } = useUserData();
  // Nudges come in each person's working hours: the server learns their time zone from here.
  useReportTimeZone();
  const navigation = useNavigation();
  const location = useLocation();

  return (
    <>
      <SkipLink />
      <div className={classes.frame}>
        <header className={classes.header}>
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
                <Logo compact />
              </Anchor>
            </Group>
            {user && (
              <Group gap="sm" wrap="nowrap" miw={0}>
                <OrganizationName domain={user.companyDomain} />
                <UserMenu user={user} />
              </Group>
            )}
          </Group>
        </header>

        <nav
          className={classes.navbar}
          aria-label="Main menu"
          data-folded={opened ? undefined : ''}
          inert={smallScreen && !opened}
        >
          {user &&
            menuFor(user.role).map((item) => {
              const current = isCurrentMenuTarget(item.target, location.pathname, location.hash);
              const marks = {
                active: current,
                'aria-current': current ? ('page' as const) : undefined,
              };
              return item.target === 'billing' ? (
                <NavLink
                  key={item.label}
                  label={item.label}
                  {...marks}
                  href={billingPortalUrl(
                    window.location.origin + location.pathname + location.search + location.hash,
                  )}
                />
              ) : (
                <NavLink
                  key={item.label}
                  label={item.label}
                  {...marks}
                  component={Link}
                  to={item.target}
                  onClick={close}
                />
              );
            })}
        </nav>

        {/* The skip link's target: focusable by script only. */}
        <main className={classes.main} id={MAIN_ID} tabIndex={-1}>
          {user?.impersonatedBy && <ImpersonationBanner user={user} />}
          {user?.partner && (
            <Suspense fallback={null}>
              <PartnerBanner user={user} />
            </Suspense>
          )}
          {navigation.state === 'loading' ? (
            <MainLoading />
          ) : (
            <Suspense fallback={<MainLoading />}>{children ?? <Outlet />}</Suspense>
          )}
        </main>
        {/* The administrators' guided tour; it opens the sidebar when a step points into it. */}
        {user?.role === 'admin' && <TourController onStepInNavbar={open} />}
      </div>
      {/* Only pages of this layout ask for confirmations; the modal code loads with the first. */}
      <ConfirmHost />
    </>
  );
}
