import type { FrameworkProgress } from '@castellan/contract';
import { Group, Text } from '@mantine/core';
import { ProgressBar } from '../../components/ProgressBar';
import { metSummary, percentMet } from './framework-wording';

/** "34 of 56 safeguards met", the percentage and a bar named after the framework. */
export function FrameworkShare({ framework }: { framework: FrameworkProgress }) {
  const percent = percentMet(framework);
  const summary = metSummary(framework.id, framework);
  return (
    <>
      <Group justify="space-between" align="baseline" mb={6} gap="xs">
        <Text size="sm">{summary}</Text>
        <Text fw={700} size="lg">
          {percent}%
        </Text>
      </Group>
      <ProgressBar
        progress={{ completed: framework.met, total: framework.total, percent }}
        label={framework.name}
        valueText={summary}
        size="lg"
      />
    </>
  );
}
