import type { WatchChange } from '@castellan/contract';
import { Anchor, Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format-relative-time';
import { DIRECTION_BADGES } from './watch-words';

/** Values are records and headers: kept as sent, line breaks too, wrapped on a phone. */
const VALUE: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };

/**
 * The administrator's own copy of the task, or, when they have none, the catalogue task through
 * the task list, which picks the copy to show.
 */
function taskAddress({ taskId, catalogueId }: WatchChange): string | null {
  if (taskId) return `/tasks/${encodeURIComponent(taskId)}`;
  return catalogueId ? `/tasks?task=${encodeURIComponent(catalogueId)}` : null;
}

function BeforeAfter({ change }: { change: WatchChange }) {
  if (change.before === null && change.after === null) return null;
  return (
    <details>
      <summary>
        <Text span size="sm">
          Before and after
        </Text>
      </summary>
      <Stack gap={4} mt={4}>
        {(['before', 'after'] as const).map((when) => (
          <div key={when}>
            <Text size="xs" fw={600}>
              {when === 'before' ? 'Before' : 'After'}
            </Text>
            <Code block style={VALUE}>
              {change[when] ?? '(none)'}
            </Code>
          </div>
        ))}
      </Stack>
    </details>
  );
}

/** One change a scan found: when, on which name, what it was, and whether it was for the worse. */
export function ChangeItem({ change }: { change: WatchChange }) {
  const direction = DIRECTION_BADGES[change.direction];
  const task = taskAddress(change);
  return (
    <Stack component="li" gap={4} data-direction={change.direction}>
      <Group gap="xs" wrap="wrap">
        <Badge color={direction.color} variant="light">
          {direction.label}
        </Badge>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {change.targetName}
        </Text>
        <Text component="time" dateTime={change.detectedAt} size="sm" c="dimmed">
          {formatDateTime(change.detectedAt)}
        </Text>
      </Group>
      <Text size="sm">{change.summary}</Text>
      <BeforeAfter change={change} />
      {(task || change.alertedAt) && (
        <Group gap="md" wrap="wrap">
          {task && (
            <Anchor
              component={Link}
              to={task}
              size="sm"
              aria-label={`Open the task: ${change.summary}`}
            >
              Open the task
            </Anchor>
          )}
          {change.alertedAt && (
            <Text size="xs" c="dimmed">
              Administrators told{' '}
              <time dateTime={change.alertedAt}>{formatDateTime(change.alertedAt)}</time>
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
