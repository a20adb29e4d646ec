import type { AgentDevice } from '@castellan/contract';
import { Button, Text } from '@mantine/core';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useRemoveAgentDevice } from './api';

/** Removes a device after asking; its agent stops reporting and its results stop counting. */
export function RemoveDeviceButton({ device, label }: { device: AgentDevice; label: string }) {
  const remove = useRemoveAgentDevice();

  const confirm = () =>
    openConfirmModal({
      title: `Remove ${device.name}?`,
      children: <Text size="sm">Its agent stops reporting and its results no longer count.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(device, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: `${device.name} was removed` }),
          onError: (error) =>
            showToast({
              severity: 'error',
              summary: `Could not remove ${device.name}`,
              detail: error.message,
              life: 8000,
            }),
        }),
    });

  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      aria-label={label}
      loading={remove.isPending}
      onClick={confirm}
      style={{ flexShrink: 0 }}
    >
      Remove
    </Button>
  );
}
