import type { ScanReport } from '@castellan/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { ReportHeader } from './ReportHeader';
import { findingBadge } from './report-display';
import { topProblems } from './report-findings';

/** A report in brief: grade, score and the worst problems. */
export function ScanSummary({ report, count = 3 }: { report: ScanReport; count?: number }) {
  const problems = topProblems(report, count);
  return (
    <Stack gap="md">
      <ReportHeader report={report} />
      {problems.length > 0 && (
        <section aria-labelledby="topProblemsTitle">
          <Title order={3} size="h6" id="topProblemsTitle" mb="xs">
            The most important problems
          </Title>
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {problems.map((finding) => {
              const badge = findingBadge(finding);
              return (
                <Group component="li" key={finding.id} gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }} mt={2}>
                    {badge.label}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {finding.title}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
