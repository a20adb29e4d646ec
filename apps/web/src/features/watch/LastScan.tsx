import type { WatchScanBrief } from '@castellan/contract';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { GradeBadge } from '../../components/GradeBadge';
import { RelativeTime } from '../../components/RelativeTime';
import { problemCount } from './watch-words';

/** How the latest scan of a watched name went, in brief. */
export function LastScan({ scan }: { scan: WatchScanBrief | null }) {
  if (!scan) {
    return (
      <Text size="sm" c="dimmed">
        Not scanned yet
      </Text>
    );
  }
  switch (scan.state) {
    case 'running':
      return (
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Scanning…</Text>
        </Group>
      );
    case 'failed':
      return (
        <Text size="sm" c="red.8">
          The last scan failed{scan.error ? `: ${scan.error}` : '.'}
        </Text>
      );
    case 'done':
      return (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <GradeBadge grade={scan.grade} size={32} what="Grade" />
          <Stack gap={0}>
            <Text size="sm">{problemCount(scan)}</Text>
            {scan.certificateProblem && (
              <Text size="sm" c="red.8">
                {scan.certificateProblem}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Scanned <RelativeTime value={scan.finishedAt ?? scan.startedAt} />
            </Text>
          </Stack>
        </Group>
      );
  }
}
