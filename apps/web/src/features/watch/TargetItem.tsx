import type { WatchTarget } from '@castellan/contract';
import { WATCH_TARGET_MIN_INTERVAL_MINUTES } from '@castellan/contract/watch-rules';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { openConfirmModal } from '../../lib/confirm';
import { formatDateTime } from '../../lib/format-relative-time';
import { showServerBusy, showToast } from '../../lib/toast';
import { useRemoveTarget, useScanTarget } from './api';
import { LastScan } from './LastScan';
import { TARGET_KIND_NAMES, TARGET_SOURCE_NAMES } from './watch-words';

const failed = (summary: string) => (error: Error) =>
  showToast({ severity: 'error', summary, detail: error.message, life: 8000 });

/*
 * A scan refused for coming too soon is a 429, which the HTTP client turns into an answer
 * without content (its body is not read): the likely reason is given here instead.
 */
const NOT_SCANNED_NOW =
  `A name is scanned at most once every ${WATCH_TARGET_MIN_INTERVAL_MINUTES} minutes, and the ` +
  'server may be busy. Please try again later.';

/** One watched name: what it is, how its latest scan went, when the next runs, and its actions. */
export function TargetItem({ target }: { target: WatchTarget }) {
  const scan = useScanTarget();
  const remove = useRemoveTarget();
  const { name } = target;
  const titleId = useId();

  const scanNow = () =>
    scan.mutate(target, {
      onSuccess: (started) => {
        if (!started) {
          showToast({
            severity: 'info',
            summary: `${name} was not scanned`,
            detail: NOT_SCANNED_NOW,
          });
        }
      },
      onError: failed(`Could not scan ${name}`),
    });

  const confirmRemove = () =>
    openConfirmModal({
      title: `Stop watching ${name}?`,
      children: (
        <Text size="sm">
          It is no longer scanned, and its changes stop showing in the timeline. You can watch it
          again later.
        </Text>
      ),
      labels: { confirm: 'Stop watching', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // Not `mutate` with callbacks: the list fetched again without this name unmounts this item,
      // sometimes before the removal settles, and an unmounted item's callbacks never run.
      onConfirm: () =>
        void remove.mutateAsync(target).then(
          (outcome) => {
            if (outcome === 'busy') return showServerBusy();
            showToast({ severity: 'success', summary: `${name} is no longer watched` });
          },
          failed(`Could not stop watching ${name}`),
        ),
    });

  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={titleId} data-target={name}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Badge variant="light" color={target.kind === 'primary' ? 'blue' : 'gray'} tt="none">
            {TARGET_KIND_NAMES[target.kind]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {TARGET_SOURCE_NAMES[target.source]}
        </Text>
        <LastScan scan={target.lastScan} />
        <Text size="sm">
          Next scan <time dateTime={target.nextScanAt}>{formatDateTime(target.nextScanAt)}</time>
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={`Scan now: ${name}`}
            loading={scan.isPending}
            disabled={target.lastScan?.state === 'running'}
            onClick={scanNow}
          >
            Scan now
          </Button>
          {target.kind !== 'primary' && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Stop watching ${name}`}
              loading={remove.isPending}
              onClick={confirmRemove}
            >
              Stop watching
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
