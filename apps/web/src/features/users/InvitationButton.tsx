import type { Member } from '@castellan/contract';
import { Button, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/format-date';
import { showServerBusy, showToast } from '../../lib/toast';
import { useSendInvitation } from './api';
import { invitationAction, resendBlockedUntil } from './member-display';

/**
 * "Send invitation" for a member who was added without an e-mail, "Resend invitation" once one
 * went out (allowed an hour after it); nothing for someone who has signed in.
 */
export function InvitationButton({ member }: { member: Member }) {
  const send = useSendInvitation();
  const action = invitationAction(member);
  if (!action) return null;

  const blockedUntil = resendBlockedUntil(member);
  const hintId = `invitation-hint-${member.id}`;
  const first = action === 'Send invitation';
  const submit = () =>
    send.mutate(member.id, {
      onSuccess: (sent) => {
        if (!sent) return showServerBusy();
        showToast({
          severity: 'success',
          summary: first
            ? `The invitation was sent to ${member.email}`
            : `The invitation was sent again to ${member.email}`,
        });
      },
      onError: (error) =>
        showToast({
          severity: 'error',
          summary: first ? 'Could not send the invitation' : 'Could not send the invitation again',
          detail: error.message,
          life: 8000,
        }),
    });

  return (
    <Stack gap={2} align="flex-end">
      <Button
        size="compact-sm"
        variant="light"
        aria-label={`${action} to ${member.email}`}
        aria-describedby={blockedUntil ? hintId : undefined}
        disabled={blockedUntil !== null}
        loading={send.isPending}
        onClick={submit}
        style={{ whiteSpace: 'nowrap' }}
      >
        {action}
      </Button>
      {blockedUntil && (
        <Text size="xs" c="dimmed" id={hintId} maw={200} ta="right">
          One invitation an hour: you can send it again after{' '}
          {formatDate(blockedUntil, { hour: 'numeric', minute: '2-digit' })}.
        </Text>
      )}
    </Stack>
  );
}
