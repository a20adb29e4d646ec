import type { Member, Role } from '@castellan/contract';
import { Badge, Button, Card, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useChangeRole, useRemoveMember } from './api';
import { InvitationButton } from './InvitationButton';
import { MemberStatus } from './MemberStatus';
import { displayName, ROLE_LABELS } from './member-display';

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
  /** Send or resend the invitation, and remove. */
  actions: ReactNode;
};

/**
 * An address is never broken inside a word: it stays on one line. The table scrolls sideways
 * should it not fit; on a card, an address longer than the phone is wide scrolls in its line.
 */
const WHOLE: CSSProperties = { whiteSpace: 'nowrap', overflowX: 'auto' };
/** Wide enough for "Administrator" in the select, arrow included. */
const ROLE_WIDTH = '9.5rem';

/** The members with a role selector and a remove button each: a table, or cards on a phone. */
export function MembersTable({ members, currentEmail, onSteppedDown }: Props) {
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
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
    openConfirmModal({
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
        <Text size="sm" style={WHOLE} data-member-email>
          {member.email}
        </Text>
      ),
      role: (
        <NativeSelect
          aria-label={`Role of ${name}`}
          size="xs"
          w={ROLE_WIDTH}
          data={ROLE_OPTIONS}
          value={pendingRole ?? member.role}
          disabled={pendingRole !== null}
          onChange={(event) => setRole(member, event.currentTarget.value as Role)}
        />
      ),
      status: <MemberStatus member={member} />,
      actions: (
        <Group gap="xs" justify="flex-end" align="flex-start" wrap="nowrap">
          <InvitationButton member={member} />
          {!isMe && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              onClick={() => confirmRemove(member)}
            >
              Remove
            </Button>
          )}
        </Group>
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
              <Group mt="xs" justify="space-between" align="center" wrap="nowrap">
                {parts.status}
                {parts.role}
              </Group>
              <Group justify="flex-end" mt="xs">
                {parts.actions}
              </Group>
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
            <Table.Th ta="right">Actions</Table.Th>
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
                <Table.Td>{parts.actions}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
