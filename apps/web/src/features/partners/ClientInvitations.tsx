import type { PartnerLink } from '@castellan/contract';
import { PARTNER_ROLE_NAMES } from '@castellan/contract/partner-rules';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useAcceptInvitation, useLeaveClient } from './api';
import { showFailure } from './show-failure';

function Invitation({ link }: { link: PartnerLink }) {
  const accept = useAcceptInvitation();
  const decline = useLeaveClient();
  const client = link.clientDomain;
  const confirmDecline = () =>
    openConfirmModal({
      title: `Decline the invitation from ${client}?`,
      children: (
        <Text size="sm">Its administrators can invite you again if they change their mind.</Text>
      ),
      labels: { confirm: 'Decline', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        decline.mutate(link.id, {
          onSuccess: (outcome) => {
            if (outcome === 'busy') showServerBusy();
          },
          onError: showFailure('Could not decline the invitation'),
        }),
    });

  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {client} invites you to look after it as {PARTNER_ROLE_NAMES[link.role]}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            loading={accept.isPending}
            disabled={decline.isPending}
            aria-label={`Accept the invitation from ${client}`}
            onClick={() =>
              accept.mutate(link.id, {
                onSuccess: (answer) =>
                  answer
                    ? showToast({ severity: 'success', summary: `You look after ${client} now` })
                    : showServerBusy(),
                onError: showFailure('Could not accept the invitation'),
              })
            }
          >
            Accept
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={decline.isPending}
            disabled={accept.isPending}
            aria-label={`Decline the invitation from ${client}`}
            onClick={confirmDecline}
          >
            Decline
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** The clients' invitations waiting for an answer. */
export function ClientInvitations({ links }: { links: PartnerLink[] }) {
  return (
    <section aria-labelledby="partnerInvitationsTitle">
      <Title order={2} size="h4" id="partnerInvitationsTitle" mb="xs">
        Invitations
      </Title>
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Invitations"
      >
        {links.map((link) => (
          <Invitation key={link.id} link={link} />
        ))}
      </Stack>
    </section>
  );
}
