import type { ScanFinding } from '@castellan/contract';
import { Badge, Box, Code, Group, Paper, Text, Title } from '@mantine/core';
import classes from './FindingItem.module.css';
import { findingBadge } from './report-display';
import { SampleMark } from './SampleReport';

const wrapAnywhere = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

/**
 * One finding: its severity and title, and folded under them (a disclosure the keyboard opens)
 * what the scanner saw, as it saw it, and what to do about it — a report of a dozen findings
 * stays within a screen or two until someone opens one.
 */
export function FindingItem({ finding, level }: { finding: ScanFinding; level: 4 | 5 }) {
  const badge = findingBadge(finding);
  const details = finding.evidence || finding.recommendation;
  const heading = (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={{ display: 'inline-flex' }}>
      <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }} mt={2}>
        {badge.label}
      </Badge>
      <Title order={level} size="h6" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {finding.title}
      </Title>
    </Group>
  );
  return (
    <Paper component="li" withBorder p="sm" data-finding={finding.id} data-status={finding.status}>
      {details ? (
        <Box component="details">
          <summary className={classes.summary}>{heading}</summary>
          <FindingDetails finding={finding} />
        </Box>
      ) : (
        heading
      )}
      <SampleMark />
    </Paper>
  );
}

function FindingDetails({ finding }: { finding: ScanFinding }) {
  return (
    <>
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
    </>
  );
}
