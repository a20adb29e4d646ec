import type { ScanFinding } from '@castellan/contract';
import { Badge, Code, Group, Paper, Text, Title } from '@mantine/core';
import { findingBadge } from './report-display';

const wrapAnywhere = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/** One finding: its severity, what the scanner saw (as it saw it) and what to do about it. */
export function FindingItem({ finding, level }: { finding: ScanFinding; level: 4 | 5 }) {
  const badge = findingBadge(finding);
  return (
    <Paper component="li" withBorder p="sm" data-finding={finding.id} data-status={finding.status}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }} mt={2}>
          {badge.label}
        </Badge>
        <Title order={level} size="h6" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {finding.title}
        </Title>
      </Group>
      {finding.evidence && (
        <>
          <Text size="xs" c="dimmed" mt="xs" mb={4}>
            What we saw
          </Text>
          <Code block style={wrapAnywhere}>
            {finding.evidence}
          </Code>
        </>
      )}
      {finding.recommendation && (
        <>
          <Text size="xs" c="dimmed" mt="xs" mb={4}>
            What to do
          </Text>
          <Text size="sm">{finding.recommendation}</Text>
        </>
      )}
    </Paper>
  );
}
