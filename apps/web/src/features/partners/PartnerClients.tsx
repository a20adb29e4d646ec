import { Stack, Text } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
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

/** The console's body: invitations, the clients' roll-up and the baselines. */
export default function PartnerClients({ domain }: { domain: string }) {
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
