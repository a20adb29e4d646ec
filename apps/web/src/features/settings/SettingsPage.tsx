import type { UserData } from '@castellan/contract';
import { Box, Group, NativeSelect, NavLink } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { useUserData } from '../../lib/user-data';
import { DevicesSection } from '../agent';
import { PartnersSection } from '../partners';
import { BillingSection } from './BillingSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { NudgesSection } from './NudgesSection';
import { ProfileForm } from './ProfileForm';
import { SessionsSection } from './SessionsSection';
import { sectionOf, sectionsFor } from './sections';
import { TrustedDomainsSection } from './TrustedDomainsSection';
import { TrustPageSection } from './TrustPageSection';

/** What each section shows. */
function SectionContent({ id, user }: { id: string; user: UserData }): ReactNode {
  switch (id) {
    case 'sign-in':
      return (
        <>
          <SessionsSection />
          <DevicesSection scope="mine" />
        </>
      );
    case 'notifications':
      return (
        <>
          <EmailSection />
          <NudgesSection />
        </>
      );
    case 'organization':
      return <TrustedDomainsSection />;
    case 'trust-page':
      return <TrustPageSection domain={user.companyDomain} />;
    case 'partners':
      return <PartnersSection />;
    case 'billing':
      return <BillingSection />;
    default:
      return (
        <>
          {/* Keyed by e-mail so the form starts again from the data of whoever is signed in. */}
          <ProfileForm key={user.email} user={user} />
          <DeleteAccountSection />
        </>
      );
  }
}

/**
 * The signed-in user's own settings and, for administrators, the organisation's, one section at
 * a time. Each section has its own address (`/settings#billing`), so reload, back and forward
 * and links keep it; a section this user may not see reads as the profile.
 */
export default function SettingsPage() {
  const { data: user } = useUserData();
  const location = useLocation();
  const navigate = useNavigate();
  const current = user ? sectionOf(location.hash, user.role) : null;
  const named = location.hash.replace(/^#/, '');

  // A hash naming a section this user may not see is replaced by the one shown.
  useEffect(() => {
    if (current && named && named !== current) {
      void navigate(
        { pathname: location.pathname, search: location.search, hash: current },
        {
          replace: true,
        },
      );
    }
  }, [current, named, navigate, location.pathname, location.search]);

  if (!user || !current) return <PageHeading title="Settings" />;
  const sections = sectionsFor(user.role);
  const to = (id: string) => ({ pathname: '/settings', hash: id });

  return (
    <>
      <PageHeading title="Settings" />
      <NativeSelect
        hiddenFrom="sm"
        label="Settings section"
        mb="md"
        value={current}
        onChange={(event) => void navigate(to(event.currentTarget.value))}
        data={sections.map((s) => ({ value: s.id, label: s.label }))}
      />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box
          component="nav"
          aria-label="Settings sections"
          visibleFrom="sm"
          w={220}
          style={{ flexShrink: 0 }}
        >
          {sections.map((s) => (
            <NavLink
              key={s.id}
              component={Link}
              to={to(s.id)}
              label={s.label}
              active={s.id === current}
              aria-current={s.id === current ? 'page' : undefined}
            />
          ))}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} data-section={current}>
          <SectionContent id={current} user={user} />
        </Box>
      </Group>
    </>
  );
}
