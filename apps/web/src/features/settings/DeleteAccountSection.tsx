import { Alert, Button, Card, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { openConfirmModal } from '../../lib/confirm';
import { leaveSession } from '../../lib/logout';
import { showServerBusy } from '../../lib/toast';
import { deleteAccount } from './api';

/** Deleting one's own account: asks first, then clears the session and leaves for the start page. */
export function DeleteAccountSection() {
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: (deleted) => {
      if (!deleted) return showServerBusy();
      leaveSession('/');
    },
  });

  const confirm = () =>
    openConfirmModal({
      title: 'Delete your account?',
      children: (
        <Text size="sm">
          Your account, your name and your progress are deleted and you are signed out. This cannot
          be undone.
        </Text>
      ),
      labels: { confirm: 'Delete my account', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });

  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="deleteAccountTitle"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Title order={2} size="h4" id="deleteAccountTitle">
        Delete my account
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Removes your personal data from Castellan. Your organisation keeps its other members.
      </Text>
      {remove.isError && (
        <Alert color="red" mb="sm" title="Your account was not deleted">
          {remove.error.message}
        </Alert>
      )}
      <Button color="red" variant="outline" onClick={confirm} loading={remove.isPending}>
        Delete my account
      </Button>
    </Card>
  );
}
