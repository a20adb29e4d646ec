import type { ReadinessResponse } from '@castellan/contract';
import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format-relative-time';
import { ReadinessItemView } from './ReadinessItemView';
import { countsLine } from './readiness-words';

type Props = {
  readiness: ReadinessResponse;
  /** Whether the tasks to do link to the task view (not on a shared, read-only report). */
  linkTasks: boolean;
  now?: Date;
};

/** A readiness set: its version, how many answers of each kind, then every question or control. */
export function ReadinessView({ readiness, linkTasks, now = new Date() }: Props) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Question set {readiness.version} · as of {formatDateTime(readiness.generatedAt)}
      </Text>
      <Text fw={600} data-testid="readinessCounts">
        {countsLine(readiness.counts)}
      </Text>
      {readiness.items.length === 0 ? (
        <Text c="dimmed">There are no questions in this set yet.</Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Questions: ${readiness.name}`}
        >
          {readiness.items.map((item) => (
            <ReadinessItemView key={item.id} item={item} linkTasks={linkTasks} now={now} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
