import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageHeading } from '../../components/PageHeading';
import { useUserData } from '../../lib/user-data';

// The console's body loads with the page, not with every page: its many parts would otherwise
// each be named in the entry's list of what the route preloads.
const PartnerClients = lazy(() => import('./PartnerClients'));

/**
 * `/partner` (administrators): an IT provider's own organisation as the partner of others: the
 * clients' invitations to answer, the clients it looks after with their figures, each to open,
 * and the baselines it applies to them.
 */
export default function PartnerConsolePage() {
  const { data: user } = useUserData();
  return (
    <>
      <PageHeading title="Partner console" />
      {user?.partner ? (
        // Inside a client the session is the client's: the banner above leads back.
        <Text size="sm">
          You are working in {user.companyDomain} now. Go back to {user.partner.partnerDomain} to
          see your clients.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="md">
            The organisations that invited you to look after them. Open one to work in it with your
            own account; its administrators see every change you make.
          </Text>
          {user && (
            <Suspense fallback={<Text size="sm">Loading your clients…</Text>}>
              <PartnerClients domain={user.companyDomain} />
            </Suspense>
          )}
        </>
      )}
    </>
  );
}
