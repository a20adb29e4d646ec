import type { AllowListKey } from '@castellan/contract';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { type AllowListEdits, isDisallowedEntry, isUnsaved } from './allow-list-draft';

type Props = {
  title: string;
  empty: string;
  entries: AllowListKey[];
  edits: AllowListEdits;
  /** Administrators only. */
  onRemove?: (entry: AllowListKey) => void;
};

/** One kind of approved entry (users, domains or files) as a list. */
export function AllowListEntries({ title, empty, entries, edits, onRemove }: Props) {
  const titleId = useId();
  return (
    <div style={{ flex: '1 1 14rem', minWidth: 0 }}>
      <Text size="sm" fw={600} mb={4} id={titleId}>
        {title}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack
          component="ul"
          aria-labelledby={titleId}
          gap={4}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {entries.map((entry) => (
            <Group component="li" key={entry.value} gap={6} wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {entry.value}
                {isUnsaved(edits, entry) && (
                  <Badge ml={6} size="xs" variant="light">
                    New
                  </Badge>
                )}
                {isDisallowedEntry(entry) && (
                  <Badge ml={6} size="xs" variant="light" color="red">
                    Not allowed
                  </Badge>
                )}
              </Text>
              {onRemove && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onRemove(entry)}
                  aria-label={`Remove ${entry.value}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </div>
  );
}
