import type { Member, Role } from '@castellan/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import { showServerBusy, showToast } from '../../lib/toast';
import { useChangeRole, useRemoveMember, useResendInvitation } from './api';
import {
  displayName,
  invitationText,
  ROLE_LABELS,
  resendBlockedUntil,
  signInText,
} from './member-display';

const ROLE_OPTIONS = (['user', 'admin'] as const).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));

const failed = (summary: string) => (error: Error) =>
  showToast({ severity: 'error', summary, detail: error.message, life: 8000 });

type Props = {
  members: Member[];
  /** The signed-in admin's e-mail: they change their own role here but leave in Settings. */
  currentEmail: string;
  /** Told when the signed-in admin made themselves a member: this page is no longer theirs. */
  onSteppedDown: () => void;
};

/** What is shown of one member, placed in table cells or on a card. */
type MemberParts = {
  name: ReactNode;
  email: ReactNode;
  role: ReactNode;
  status: ReactNode;
  remove: ReactNode;
};

/** The members with a role selector and a remove button each: a table, or cards on a phone. */
export function MembersTable({ members, currentEmail, onSteppedDown }: Props) {
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const resendInvitation = useResendInvitation();
  // The same breakpoint as the app layout's folding sidebar.
  const smallScreen = useMediaQuery('(max-width: 47.99em)', false, {
    getInitialValueInEffect: false,
  });

  const setRole = (member: Member, role: Role) =>
    changeRole.mutate(
      { id: member.id, role },
      {
        onSuccess: (changed) => {
          if (!changed) return showServerBusy();
          showToast({
            severity: 'success',
            summary: `${displayName(changed)} is now ${ROLE_LABELS[changed.role].toLowerCase()}`,
          });
          if (changed.email === currentEmail && changed.role !== 'admin') onSteppedDown();
        },
        onError: failed('Could not change the role'),
      },
    );

  const confirmRemove = (member: Member) =>
    modals.openConfirmModal({
      title: `Remove ${displayName(member)}?`,
      children: (
        <Text size="sm">
          {member.email} loses access to the organisation at once and is signed out everywhere.
          Their tasks and progress are deleted. You can invite them again later.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removeMember.mutate(member.id, {
          onSuccess: (outcome) => {
            if (outcome === 'busy') return showServerBusy();
            showToast(
              outcome === 'done'
                ? { severity: 'success', summary: `${displayName(member)} was removed` }
                : { severity: 'info', summary: `${displayName(member)} was already removed` },
            );
          },
          onError: failed('Could not remove the member'),
        }),
    });

  const resend = (member: Member) =>
    resendInvitation.mutate(member.id, {
      onSuccess: (sent) => {
        if (!sent) return showServerBusy();
        showToast({
          severity: 'success',
          summary: `The invitation was sent again to ${member.email}`,
        });
      },
      onError: failed('Could not send the invitation again'),
    });

  /** An invited member's invitation: when it went out, and a way to send it again. */
  const invitation = (member: Member) => {
    const blockedUntil = resendBlockedUntil(member);
    const hintId = `resend-hint-${member.id}`;
    const sending = resendInvitation.isPending && resendInvitation.variables === member.id;
    return (
      <>
        <Text size="xs" c="dimmed">
          {invitationText(member)}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          aria-label={`Resend invitation to ${member.email}`}
          aria-describedby={blockedUntil ? hintId : undefined}
          disabled={blockedUntil !== null}
          loading={sending}
          onClick={() => resend(member)}
        >
          Resend invitation
        </Button>
        {blockedUntil && (
          <Text size="xs" c="dimmed" id={hintId}>
            One invitation an hour: you can send it again after{' '}
            {formatDate(blockedUntil, { hour: 'numeric', minute: '2-digit' })}.
          </Text>
        )}
      </>
    );
  };

  const partsOf = (member: Member): MemberParts => {
    const name = displayName(member);
    const isMe = member.email === currentEmail;
    const pendingRole =
      changeRole.isPending && changeRole.variables.id === member.id
        ? changeRole.variables.role
        : null;
    return {
      name: (
        <Text fw={500} size="sm">
          {member.firstName || member.lastName ? (
            name
          ) : (
            <Text span c="dimmed" size="sm">
              No name yet
            </Text>
          )}
          {isMe && (
            <Badge ml="xs" size="xs" variant="light">
              You
            </Badge>
          )}
        </Text>
      ),
      email: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {member.email}
        </Text>
      ),
      role: (
        <NativeSelect
          aria-label={`Role of ${name}`}
          size="xs"
          data={ROLE_OPTIONS}
          value={pendingRole ?? member.role}
          disabled={pendingRole !== null}
          onChange={(event) => setRole(member, event.currentTarget.value as Role)}
        />
      ),
      status: (
        <Stack gap={2} align="flex-start">
          <Badge size="sm" variant="light" color={member.status === 'invited' ? 'yellow' : 'green'}>
            {member.status === 'invited' ? 'Invited' : 'Active'}
          </Badge>
          <Text size="xs" c="dimmed">
            {signInText(member)}
          </Text>
          {member.status === 'invited' && invitation(member)}
        </Stack>
      ),
      remove: isMe ? null : (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Remove ${name}`}
          onClick={() => confirmRemove(member)}
        >
          Remove
        </Button>
      ),
    };
  };

  if (smallScreen) {
    return (
      <Stack component="ul" aria-label="Members" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {members.map((member) => {
          const parts = partsOf(member);
          return (
            <Card
              key={member.id}
              component="li"
              withBorder
              padding="sm"
              aria-label={displayName(member)}
            >
              {parts.name}
              {parts.email}
              <Group mt="xs" justify="space-between" align="flex-start" wrap="nowrap">
                {parts.status}
                {parts.role}
              </Group>
              {parts.remove && (
                <Group justify="flex-end" mt="xs">
                  {parts.remove}
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    // Should the window still be too narrow, the table scrolls in its box, never the page.
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const parts = partsOf(member);
            return (
              <Table.Tr key={member.id}>
                <Table.Td>{parts.name}</Table.Td>
                <Table.Td>{parts.email}</Table.Td>
                <Table.Td>{parts.role}</Table.Td>
                <Table.Td>{parts.status}</Table.Td>
                <Table.Td ta="right">{parts.remove}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
