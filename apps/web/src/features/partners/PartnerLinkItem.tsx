import type { PartnerLink } from '@castellan/contract';
import { PARTNER_ROLE_NAMES, PARTNER_ROLES } from '@castellan/contract/partner-rules';
import { Button, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '../../lib/confirm';
import { showServerBusy, showToast } from '../../lib/toast';
import { useChangePartnerRole, useEndPartnerLink } from './api';
import { invitedByWords, linkStateWords, ROLE_OPTIONS } from './partner-words';
import { showFailure } from './show-failure';

function RoleSelect({ link }: { link: PartnerLink }) {
  const change = useChangePartnerRole();
  // The role chosen shows while it is saved; the server's answer replaces it.
  const shown = change.isPending ? change.variables.role : link.role;
  return (
    <NativeSelect
      label="Role"
      aria-label={`Role of ${link.partnerDomain}`}
      size="xs"
      data={ROLE_OPTIONS}
      value={shown}
      disabled={change.isPending}
      onChange={(event) => {
        const role = PARTNER_ROLES.find((r) => r === event.currentTarget.value);
        if (!role || role === link.role) return;
        change.mutate(
          { id: link.id, role },
          {
            onSuccess: (answer) => {
              if (!answer) return showServerBusy();
              showToast({
                severity: 'success',
                summary: `${link.partnerDomain} is now ${PARTNER_ROLE_NAMES[answer.link.role]}`,
              });
            },
            onError: showFailure('Could not change the role'),
          },
        );
      }}
    />
  );
}

function EndButton({ link }: { link: PartnerLink }) {
  const end = useEndPartnerLink();
  const invited = link.state === 'invited';
  const domain = link.partnerDomain;
  const label = invited ? 'Withdraw invitation' : 'End access';
  const confirm = () =>
    openConfirmModal({
      title: invited ? `Withdraw the invitation to ${domain}?` : `End ${domain}'s access?`,
      children: (
        <Text size="sm">
          {invited
            ? `${domain} can no longer accept it. You can invite them again at any time.`
            : `${domain}'s people can no longer work in your organisation. What they changed stays in your audit log.`}
        </Text>
      ),
      labels: { confirm: label, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        end.mutate(link.id, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({
                  severity: 'success',
                  summary: invited ? 'Invitation withdrawn' : `${domain}'s access ended`,
                }),
          onError: showFailure(
            invited ? 'Could not withdraw the invitation' : 'Could not end access',
          ),
        }),
    });
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={end.isPending}
      onClick={confirm}
      aria-label={invited ? `${label} to ${domain}` : `${label} for ${domain}`}
    >
      {label}
    </Button>
  );
}

/** One partner link as the client's administrators see it, with what they may change. */
export function PartnerLinkItem({ link }: { link: PartnerLink }) {
  const current = link.state !== 'ended';
  return (
    <Card component="li" withBorder padding="sm" data-partner-link={link.id}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {link.partnerDomain}
          </Text>
          {!current && <Text size="sm">{PARTNER_ROLE_NAMES[link.role]}</Text>}
          <Text size="sm">{linkStateWords(link)}</Text>
          <Text size="sm" c="dimmed">
            {invitedByWords(link)}
          </Text>
        </Stack>
        {current && (
          <Group gap="sm" align="flex-end">
            <RoleSelect link={link} />
            <EndButton link={link} />
          </Group>
        )}
      </Group>
    </Card>
  );
}
