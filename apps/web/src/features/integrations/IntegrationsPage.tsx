import type { Integration } from '@castellan/contract';
import { Alert, SimpleGrid, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { httpStatus } from '../../lib/http';
import { useUserData } from '../../lib/user-data';
import { useIntegrations } from './api';
import { PERMISSIONS_FLAG, withoutFlags } from './connect-flags';
import { GoogleWorkspaceSection } from './GoogleWorkspaceSection';
import { IntegrationCard } from './IntegrationCard';
import { IntegrationsSkeleton } from './IntegrationsSkeleton';
import { connectBlockedReason, orderedIntegrations, REFUSALS } from './integration-display';
import { MetaSection } from './MetaSection';
import { MicrosoftSection } from './MicrosoftSection';
import { PermissionsRequiredPanel } from './PermissionsRequiredPanel';
import { useConnectResult } from './use-connect-result';
import { useSyncRefresh } from './use-sync-refresh';

/**
 * Integrations (/integrations): each third-party workspace with its status and checks;
 * administrators connect, sync and disconnect them. With Google Workspace connected, what its
 * last sync found and the allow-list of outside sharing.
 */
export default function IntegrationsPage() {
  const { data: user } = useUserData();
  const isAdmin = user?.role === 'admin';
  const query = useIntegrations();
  const [search, setSearch] = useSearchParams();
  useConnectResult();
  const integrations = query.data ? orderedIntegrations(Object.values(query.data)) : [];
  const gws: Integration | undefined = query.data?.gws;
  useSyncRefresh(query.data);
  const refusal = REFUSALS[search.get('refused') ?? ''];
  // A server without the integrations module answers 404: nothing to retry.
  const notOffered = query.isError && httpStatus(query.error) === 404;

  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Integrations
      </Title>
      <Text c="dimmed" mb="lg">
        Connect the services your organisation works with: Castellan checks their security settings
        and ticks off the tasks they prove done.
      </Text>

      {search.get(PERMISSIONS_FLAG) === 'true' && (
        <PermissionsRequiredPanel
          isAdmin={isAdmin}
          blockedReason={gws ? connectBlockedReason(gws) : null}
          onDismiss={() =>
            setSearch((current) => withoutFlags(current, [PERMISSIONS_FLAG]), { replace: true })
          }
        />
      )}

      {refusal && (
        <Alert
          color="red"
          title={refusal.title}
          mb="lg"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() =>
            setSearch((current) => withoutFlags(current, ['refused']), { replace: true })
          }
        >
          {refusal.text}
        </Alert>
      )}

      {query.isPending ? (
        <IntegrationsSkeleton />
      ) : notOffered ? (
        <Alert color="gray" title="Integrations are not available yet" role="status">
          This server does not offer integrations yet.
        </Alert>
      ) : (
        <QueryStatus query={query} what="the integrations" />
      )}

      {integrations.length > 0 && (
        <SimpleGrid
          component="ul"
          aria-label="Integrations"
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {integrations.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} isAdmin={isAdmin} />
          ))}
        </SimpleGrid>
      )}

      {gws?.status === 'connected' && user && (
        <GoogleWorkspaceSection isAdmin={isAdmin} email={user.email} />
      )}
      {isAdmin && query.data?.m365.status === 'connected' && query.data.m365.lastScan && (
        <MicrosoftSection />
      )}
      {isAdmin && query.data?.meta.status === 'connected' && query.data.meta.lastScan && (
        <MetaSection />
      )}
    </>
  );
}
