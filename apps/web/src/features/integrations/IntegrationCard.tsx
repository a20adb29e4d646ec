import type { Integration } from '@castellan/contract';
import { isProviderId } from '@castellan/contract/providers';
import { Alert, Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { RelativeTime } from '../../components/RelativeTime';
import { IntegrationActions } from './IntegrationActions';
import { InvitePrompt } from './InvitePrompt';
import {
  invalidTokenText,
  lastSyncText,
  STATUS_COLORS,
  STATUS_LABELS,
  SYNC_LABELS,
} from './integration-display';
import { missingPermissionsText } from './missing-permissions';
import { WEB_PROVIDERS } from './providers';
import { MARK_SIZE } from './providers/web-provider';
import { SecurityChecks } from './SecurityChecks';

/** What is wrong with a connection that no longer works, and what to do. */
function ConnectionProblem({ integration }: { integration: Integration }) {
  if (integration.status === 'invalid_token') {
    return (
      <Alert color="red" variant="light" title="Access revoked or expired">
        {invalidTokenText(integration.name)}
      </Alert>
    );
  }
  if (integration.status === 'permission_missing') {
    return (
      <Alert color="orange" variant="light" title="Admin permissions missing">
        {missingPermissionsText(integration.id, integration.name)}
      </Alert>
    );
  }
  return null;
}

/** Where a sync stands: waiting, running, or what went wrong last time. */
function SyncState({ integration }: { integration: Integration }) {
  const { state, error } = integration.sync;
  return (
    <div aria-live="polite">
      {(state === 'queued' || state === 'running') && (
        <Badge variant="dot" color="blue">
          {SYNC_LABELS[state]}
        </Badge>
      )}
      {state === 'failed' && (
        <Alert color="red" variant="light" title="The last sync failed">
          {error ?? 'The sync did not finish. Try again.'}
        </Alert>
      )}
    </div>
  );
}

function Dates({ integration }: { integration: Integration }) {
  if (!integration.connectedSince && !integration.lastScan) return null;
  return (
    <Stack component="dl" gap={2} m={0}>
      <Group gap={6} wrap="nowrap">
        <Text component="dt" size="sm" c="dimmed">
          Last scan
        </Text>
        <Text component="dd" size="sm" m={0}>
          {integration.lastScan ? <RelativeTime value={integration.lastScan} /> : 'Not yet'}
        </Text>
      </Group>
      {integration.connectedSince && (
        <Group gap={6} wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">
            Connected since
          </Text>
          <Text component="dd" size="sm" m={0}>
            <RelativeTime value={integration.connectedSince} />
          </Text>
        </Group>
      )}
    </Stack>
  );
}

type Props = {
  integration: Integration;
  isAdmin: boolean;
  /** The level of the card's name: 3 under the page's "Coming soon" heading. */
  headingLevel?: 2 | 3;
};

/** One integration: what it checks, its status and, for administrators, what can be done. */
export function IntegrationCard({ integration, isAdmin, headingLevel = 2 }: Props) {
  const titleId = useId();
  const comingSoon = integration.status === 'coming_soon';
  const { name } = integration;

  return (
    <Card
      component="li"
      withBorder
      padding="md"
      aria-labelledby={titleId}
      data-status={integration.status}
      bg={comingSoon ? 'gray.0' : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Image
            src={
              isProviderId(integration.id) ? WEB_PROVIDERS[integration.id].mark : integration.logo
            }
            alt={`${name} logo`}
            w={MARK_SIZE}
            h={MARK_SIZE}
            fit="contain"
            style={{ flexShrink: 0, ...(comingSoon ? { filter: 'grayscale(1)' } : {}) }}
          />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title
              order={headingLevel}
              size="h4"
              id={titleId}
              c={comingSoon ? 'dimmed' : undefined}
            >
              {name}
            </Title>
            <Badge
              variant={integration.status === 'connected' ? 'filled' : 'light'}
              color={STATUS_COLORS[integration.status]}
            >
              {STATUS_LABELS[integration.status]}
            </Badge>
          </Stack>
        </Group>
        <Text size="sm" c={comingSoon ? 'dimmed' : undefined}>
          {integration.description}
        </Text>
        <ConnectionProblem integration={integration} />
        <SyncState integration={integration} />
        <Dates integration={integration} />
        {integration.lastSync && (
          <Text size="sm" data-testid="lastSync">
            {lastSyncText(integration.lastSync)}
          </Text>
        )}
        {integration.status === 'connected' && integration.plan && (
          <Text size="sm">
            Plan: {integration.plan.name}{' '}
            <Text span size="sm" c="dimmed">
              ({integration.plan.includes})
            </Text>
          </Text>
        )}
        {isAdmin && <InvitePrompt integration={integration} />}
        <SecurityChecks
          checks={integration.securityChecks}
          connected={integration.status === 'connected'}
          dimmed={comingSoon}
          integrationName={name}
        />

        {isAdmin && <IntegrationActions integration={integration} />}
        {!isAdmin && integration.status === 'available' && (
          <Text size="sm" c="dimmed" mt="auto">
            An administrator can connect it.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
