import type { ReportShare } from '@castellan/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { QueryStatus } from '../../components/QueryStatus';
import { RelativeTime } from '../../components/RelativeTime';
import { openConfirmModal } from '../../lib/confirm';
import { formatDate } from '../../lib/format-date';
import { showServerBusy, showToast } from '../../lib/toast';
import { useReportShares, useRevokeShare } from './api';
import { opensWords, SHARE_STATUS_COLORS, shareStatus, sortShares } from './share-words';

function RevokeButton({ share }: { share: ReportShare }) {
  const revoke = useRevokeShare();
  const created = formatDate(share.createdAt);
  const confirm = () =>
    openConfirmModal({
      title: 'Revoke this link?',
      children: (
        <Text size="sm">
          Whoever has the link created on {created} can no longer open the report. This cannot be
          undone.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(share.id, {
          onSuccess: (outcome) =>
            outcome === 'busy'
              ? showServerBusy()
              : showToast({ severity: 'success', summary: 'Link revoked' }),
          onError: (error) =>
            showToast({
              severity: 'error',
              summary: 'Could not revoke the link',
              detail: error.message,
              life: 8000,
            }),
        }),
    });
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={revoke.isPending}
      onClick={confirm}
      aria-label={`Revoke the link created on ${created}`}
    >
      Revoke
    </Button>
  );
}

function ShareItem({ share, now }: { share: ReportShare; now: Date }) {
  const status = shareStatus(share, now);
  return (
    <Card component="li" withBorder padding="sm" data-share={share.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Badge color={SHARE_STATUS_COLORS[status]} variant="light">
              {status}
            </Badge>
            <Text size="sm" fw={600}>
              Created {formatDate(share.createdAt)}
              {share.createdBy ? ` by ${share.createdBy}` : ''}
            </Text>
          </Group>
          <Text size="sm">
            {status === 'Revoked' && share.revokedAt
              ? `Revoked ${formatDate(share.revokedAt)}`
              : `${status === 'Expired' ? 'Expired' : 'Expires'} ${formatDate(share.expiresAt)}`}
          </Text>
          <Text size="sm" c="dimmed">
            {opensWords(share.opens)}
            {share.lastOpenedAt && (
              <>
                , last <RelativeTime value={share.lastOpenedAt} />
              </>
            )}
          </Text>
        </Stack>
        {status === 'Active' && <RevokeButton share={share} />}
      </Group>
    </Card>
  );
}

/** Every share link of the report, the active ones first, with how often each was opened. */
export function ShareList() {
  const shares = useReportShares();
  const now = new Date();
  return (
    <Stack gap="sm">
      <QueryStatus query={shares} what="the share links" />
      {shares.data &&
        (shares.data.shares.length === 0 ? (
          <Text c="dimmed" size="sm">
            No links yet. A link you create shows here with how often it was opened.
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Share links"
          >
            {sortShares(shares.data.shares, now).map((share) => (
              <ShareItem key={share.id} share={share} now={now} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
