import { PageHeading } from '../../components/PageHeading';
import { useUserData } from '../../lib/user-data';
import { DevicesSection } from '../agent';
import { BillingSection } from './BillingSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailSection } from './EmailSection';
import { ProfileForm } from './ProfileForm';
import { SessionsSection } from './SessionsSection';
import { TrustedDomainsSection } from './TrustedDomainsSection';
import { TrustPageSection } from './TrustPageSection';

/**
 * The signed-in user's own settings (their name, where they are signed in, their devices, leaving
 * for good) and the organisation's.
 */
export default function SettingsPage() {
  const { data: user } = useUserData();
  return (
    <>
      <PageHeading title="Settings" />
      {/* Keyed by e-mail so the form starts again from the data of whoever is signed in. */}
      {user && <ProfileForm key={user.email} user={user} />}
      <BillingSection />
      <SessionsSection />
      <EmailSection />
      <DevicesSection scope="mine" />
      <TrustedDomainsSection />
      {user?.role === 'admin' && <TrustPageSection domain={user.companyDomain} />}
      <DeleteAccountSection />
    </>
  );
}
