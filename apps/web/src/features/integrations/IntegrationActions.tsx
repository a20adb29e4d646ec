import type { Integration } from '@castellan/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useDisconnectIntegration, useSyncIntegration } from './api';
import { connectsWithKey, useConnect } from './connect-integration';
import { actionsFor, connectBlockedReason, isSyncing } from './integration-display';

// The form's code (a modal, its inputs) loads when an administrator first opens it.
const KeyConnectDialog = lazy(async () => ({
  default: (await import('./KeyConnectDialog')).KeyConnectDialog,
}));

const failed = (summary: string) => (error: Error) =>
  showToast({ severity: 'error', summary, detail: error.message, life: 8000 });

/** The administrator's buttons on a card: Connect or Reconnect, Sync now, Disconnect. */
export function IntegrationActions({ integration }: { integration: Integration }) {
  const sync = useSyncIntegration();
  const disconnect = useDisconnectIntegration();
  const connect = useConnect();
  const [keyForm, setKeyForm] = useState(false);
  const form = connectsWithKey(integration.id);
  const actions = actionsFor(integration);
  const blocked = connectBlockedReason(integration);
  const { name } = integration;
  if (actions.length === 0) return null;

  const syncNow = () =>
    sync.mutate(integration.id, {
      onSuccess: (answer) => {
        if (!answer) showServerBusy();
      },
      onError: failed(`Could not sync ${name}`),
    });

  const confirmDisconnect = () =>
    openConfirmModal({
      title: `Disconnect ${name}?`,
      children: (
        <Text size="sm">
          Castellan gives up its access to {name} and deletes the tokens it holds. The security
          checks from this integration, and what they found, are removed. You can connect it again
          at any time.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(integration, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: `${name} disconnected` }),
          onError: failed(`Could not disconnect ${name}`),
        }),
    });

  const connectLabel = actions.includes('reconnect') ? 'Reconnect' : 'Connect';
  return (
    <Stack gap={6} mt="auto">
      <Group gap="xs">
        {(actions.includes('connect') || actions.includes('reconnect')) && (
          <Button
            size="sm"
            disabled={blocked !== null}
            onClick={() => (form ? setKeyForm(true) : connect(integration.id))}
            aria-label={`${connectLabel} ${name}`}
          >
            {connectLabel}
          </Button>
        )}
        {actions.includes('sync') && (
          <Button
            size="sm"
            variant="light"
            loading={sync.isPending}
            disabled={isSyncing(integration)}
            onClick={syncNow}
            aria-label={`Sync now: ${name}`}
          >
            Sync now
          </Button>
        )}
        {actions.includes('disconnect') && (
          <Button
            size="sm"
            variant="subtle"
            color="red"
            loading={disconnect.isPending}
            onClick={confirmDisconnect}
            aria-label={`Disconnect ${name}`}
          >
            Disconnect
          </Button>
        )}
      </Group>
      {form && keyForm && (
        <Suspense fallback={null}>
          <KeyConnectDialog integration={integration} opened onClose={() => setKeyForm(false)} />
        </Suspense>
      )}
      {blocked && !actions.includes('sync') && (
        <Text size="sm" c="dimmed">
          {blocked}
        </Text>
      )}
    </Stack>
  );
}
