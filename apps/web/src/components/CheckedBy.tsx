import { EVIDENCE_SOURCE_NAMES, type EvidenceSource } from '@castellan/contract/vocabulary';
import { Badge, Group, Text } from '@mantine/core';

/** Which suites or accounts checked someone's tasks automatically; "By hand" when none did. */
export function CheckedBy({ sources }: { sources: readonly EvidenceSource[] }) {
  if (sources.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        By hand
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {sources.map((source) => (
        <Badge key={source} variant="light" color="blue" size="sm">
          {EVIDENCE_SOURCE_NAMES[source]}
        </Badge>
      ))}
    </Group>
  );
}
