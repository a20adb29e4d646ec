import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { openClient, useLeaveClient } from './api';
import { showFailure } from './show-failure';
import { forgetOtherOrganisation } from './switch-organisation';

/** A client's buttons in the console: open it (the session moves into it), or stop looking after it. */
export function ClientActions({ linkId, domain }: { linkId: string; domain: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: openClient,
    onSuccess: (answer) => {
      if (!answer) return showServerBusy();
      forgetOtherOrganisation(queryClient);
      void navigate('/dashboard');
    },
    onError: showFailure(`Could not open ${domain}`),
  });
  const leave = useLeaveClient();
  const confirmLeave = () =>
    openConfirmModal({
      title: `Stop looking after ${domain}?`,
      children: (
        <Text size="sm">
          Nobody of your organisation can work in {domain} any more. Its administrators can invite
          you again.
        </Text>
      ),
      labels: { confirm: 'Stop looking after', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        leave.mutate(linkId, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: `You no longer look after ${domain}` }),
          onError: showFailure(`Could not stop looking after ${domain}`),
        }),
    });

  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        loading={open.isPending}
        disabled={leave.isPending}
        aria-label={`Open ${domain}`}
        onClick={() => open.mutate(linkId)}
      >
        Open
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={leave.isPending}
        disabled={open.isPending}
        aria-label={`Stop looking after ${domain}`}
        onClick={confirmLeave}
      >
        Stop looking after
      </Button>
    </Group>
  );
}
