import type { PartnerLink } from '@castellan/contract';
import { PARTNER_ROLE_NAMES } from '@castellan/contract/partner-rules';
import { Button, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { openConfirmModal } from '../../lib/confirm';
import { formatDate } from '../../lib/format-date';
import { showServerBusy, showToast } from '../../lib/toast';
import { openClient, useLeaveClient } from './api';
import { showFailure } from './show-failure';
import { forgetOtherOrganisation } from './switch-organisation';

function ClientActions({ link }: { link: PartnerLink }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const client = link.clientDomain;
  const open = useMutation({
    mutationFn: openClient,
    onSuccess: (answer) => {
      if (!answer) return showServerBusy();
      forgetOtherOrganisation(queryClient);
      void navigate('/dashboard');
    },
    onError: showFailure(`Could not open ${client}`),
  });
  const leave = useLeaveClient();
  const confirmLeave = () =>
    openConfirmModal({
      title: `Stop looking after ${client}?`,
      children: (
        <Text size="sm">
          Nobody of your organisation can work in {client} any more. Its administrators can invite
          you again.
        </Text>
      ),
      labels: { confirm: 'Stop looking after', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        leave.mutate(link.id, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: `You no longer look after ${client}` }),
          onError: showFailure(`Could not stop looking after ${client}`),
        }),
    });

  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        loading={open.isPending}
        disabled={leave.isPending}
        aria-label={`Open ${client}`}
        onClick={() => open.mutate(link.id)}
      >
        Open
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={leave.isPending}
        disabled={open.isPending}
        aria-label={`Stop looking after ${client}`}
        onClick={confirmLeave}
      >
        Stop looking after
      </Button>
    </Group>
  );
}

/** The clients looked after now, each to open (the session moves into it) or to leave. */
export function ClientsTable({ links }: { links: PartnerLink[] }) {
  return (
    <section aria-labelledby="partnerClientsTitle">
      <Title order={2} size="h4" id="partnerClientsTitle" mb="xs">
        Your clients
      </Title>
      {/* Scrolls sideways in its own focusable box on a narrow screen, as the other tables do. */}
      <Table.ScrollContainer
        minWidth={560}
        type="native"
        role="region"
        aria-label="Your clients, scrollable"
        tabIndex={0}
      >
        <Table verticalSpacing="sm" aria-label="Your clients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Organisation</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Since</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {link.clientDomain}
                  </Text>
                </Table.Td>
                <Table.Td>{PARTNER_ROLE_NAMES[link.role]}</Table.Td>
                <Table.Td>{formatDate(link.acceptedAt ?? link.invitedAt)}</Table.Td>
                <Table.Td>
                  <ClientActions link={link} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
