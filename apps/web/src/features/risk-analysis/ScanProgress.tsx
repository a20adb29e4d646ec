import type { DomainScan } from '@castellan/contract';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { ProgressBar } from '../../components/ProgressBar';
import { scanProgress } from './scan-progress';

type Props = { scan: Pick<DomainScan, 'domain' | 'checksDone' | 'checksTotal'> };

/** A running scan: a bar, and "n of m checks done" announced politely as it moves. */
export function ScanProgress({ scan }: Props) {
  const progress = scanProgress(scan);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          Analysing {scan.domain}…
        </Text>
      </Group>
      <ProgressBar
        progress={progress}
        label={`Analysis of ${scan.domain}`}
        noun="checks"
        size="lg"
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {progress.completed} of {progress.total} checks done
      </Text>
    </Stack>
  );
}
