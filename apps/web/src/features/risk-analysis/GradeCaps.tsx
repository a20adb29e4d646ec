import type { GradeCap } from '@castellan/contract';
import { Alert, List, Text } from '@mantine/core';
import { SampleMark } from './SampleReport';

/** Why the grade is lower than the score alone would give. */
export function GradeCaps({ caps }: { caps: GradeCap[] }) {
  if (caps.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Why the grade is held down">
      <SampleMark />
      <Text size="sm" mb="xs">
        Some problems are serious enough to limit the grade however well the rest is set up:
      </Text>
      <List size="sm" spacing={4}>
        {caps.map((cap) => (
          <List.Item key={cap.findingId}>
            <Text span fw={600} size="sm">
              Grade {cap.grade} at best:
            </Text>{' '}
            {cap.reason}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
