import type { Integration } from '@castellan/contract';
import { PROVIDER_IDS } from '@castellan/contract/providers';
import { Alert, SimpleGrid, Text, Title } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { httpStatus } from '../../lib/http';
import { useUserData } from '../../lib/user-data';
import { ConnectedApps } from '../connected-apps';
import { useIntegrations } from './api';
import { NOTICES, refusalOf, withoutFlags } from './connect-flags';
import { useConnect } from './connect-integration';
import { IntegrationCard } from './IntegrationCard';
import { IntegrationsSkeleton } from './IntegrationsSkeleton';
import { connectBlockedReason, splitComingSoon } from './integration-display';
import { WEB_PROVIDERS } from './providers';
import type { WebProvider } from './providers/web-provider';
import { useConnectResult } from './use-connect-result';
import { useSyncRefresh } from './use-sync-refresh';

/** Whether the page shows a provider's findings: once connected, to whom it declares. */
const showsFindings = (
  { forMembers, afterFirstScan }: WebProvider['findings'],
  integration: Integration,
  isAdmin: boolean,
) =>
  integration.status === 'connected' &&
  (isAdmin || forMembers) &&
  (!afterFirstScan || Boolean(integration.lastScan));

/** A grid of cards, one list item each. */
function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      p={0}
      m={0}
      mb="lg"
      style={{ listStyle: 'none' }}
    >
      {children}
    </SimpleGrid>
  );
}

/**
 * Integrations (/integrations): each third-party workspace with its status and checks;
 * administrators connect, sync and disconnect them. Under the cards, what each connected
 * provider's findings section shows (providers/), and last what is coming soon.
 */
export default function IntegrationsPage() {
  const { data: user } = useUserData();
  const isAdmin = user?.role === 'admin';
  const query = useIntegrations();
  const connect = useConnect();
  const [search, setSearch] = useSearchParams();
  useConnectResult();
  const { usable, comingSoon } = splitComingSoon(Object.values(query.data ?? {}));
  useSyncRefresh(query.data);
  const refusal = refusalOf(search.get('refused'));
  const dismiss = (flag: string) =>
    setSearch((current) => withoutFlags(current, [flag]), { replace: true });
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

      {NOTICES.filter(({ flag }) => search.get(flag) === 'true').map(({ id, flag, Panel }) => {
        const integration = query.data?.[id];
        return (
          <Suspense key={flag} fallback={null}>
            <Panel
              isAdmin={isAdmin}
              blockedReason={integration ? connectBlockedReason(integration) : null}
              onReconnect={() => connect(id)}
              onDismiss={() => dismiss(flag)}
            />
          </Suspense>
        );
      })}

      {refusal && (
        <Alert
          color="red"
          title={refusal.title}
          mb="lg"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismiss('refused')}
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

      {usable.length > 0 && (
        <CardGrid label="Integrations">
          {usable.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} isAdmin={isAdmin} />
          ))}
        </CardGrid>
      )}

      {user &&
        PROVIDER_IDS.map((id) => {
          const integration = query.data?.[id];
          const { findings } = WEB_PROVIDERS[id];
          return (
            integration &&
            showsFindings(findings, integration, isAdmin) && (
              // A provider's findings code loads when they are first shown.
              <Suspense key={id} fallback={null}>
                <findings.Section isAdmin={isAdmin} email={user.email} />
              </Suspense>
            )
          );
        })}

      {isAdmin && <ConnectedApps integrations={query.data} />}

      {comingSoon.length > 0 && (
        <section aria-labelledby="comingSoonTitle">
          <Title order={2} size="h3" id="comingSoonTitle" mt="xl" mb="sm">
            Coming soon
          </Title>
          <CardGrid label="Coming soon">
            {comingSoon.map((integration) => (
              <IntegrationCard
                key={integration.id}
                integration={integration}
                isAdmin={isAdmin}
                headingLevel={3}
              />
            ))}
          </CardGrid>
        </section>
      )}
    </>
  );
}
