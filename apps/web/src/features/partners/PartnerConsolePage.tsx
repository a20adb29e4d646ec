import { Stack, Text } from '@mantine/core';
import { PageHeading } from '../../components/PageHeading';
import { QueryStatus } from '../../components/QueryStatus';
import { useUserData } from '../../lib/user-data';
import { usePartnerClients } from './api';
import { BaselinesSection } from './BaselinesSection';
import { ClientInvitations } from './ClientInvitations';
import { ClientsRollup } from './ClientsRollup';

function NoClients({ domain, before }: { domain: string; before: boolean }) {
  return (
    <Text size="sm">
      {before
        ? 'You look after no organisation at the moment.'
        : 'No organisation has invited you yet.'}{' '}
      A client's administrator invites you from their Settings → IT partners, by your domain (
      {domain}).
    </Text>
  );
}

function Clients({ domain }: { domain: string }) {
  const clients = usePartnerClients();
  const links = clients.data?.links ?? [];
  const invitations = links.filter((link) => link.state === 'invited');
  const active = links.filter((link) => link.state === 'active');
  return (
    <Stack gap="lg">
      <QueryStatus query={clients} what="your clients" />
      {invitations.length > 0 && <ClientInvitations links={invitations} />}
      {active.length > 0 && <ClientsRollup />}
      {clients.data && invitations.length + active.length === 0 && (
        <NoClients domain={domain} before={links.length > 0} />
      )}
      <BaselinesSection clients={active} />
    </Stack>
  );
}

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
          {user && <Clients domain={user.companyDomain} />}
        </>
      )}
    </>
  );
}
