import { PageHeading } from '../../components/PageHeading';
import { useUserData } from '../auth/api';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ProfileForm } from './ProfileForm';

/** The signed-in user's own settings: their name, and leaving for good. */
export default function SettingsPage() {
  const { data: user } = useUserData();
  return (
    <>
      <PageHeading title="Settings" />
      {/* Keyed by e-mail so the form starts again from the data of whoever is signed in. */}
      {user && <ProfileForm key={user.email} user={user} />}
      <DeleteAccountSection />
    </>
  );
}
