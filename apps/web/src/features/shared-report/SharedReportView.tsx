import type { AssuranceReport } from '@castellan/contract';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPoints, formatScore } from '../dashboard';
import { ReadinessView } from '../readiness';
import { GradeBadge } from '../risk-analysis';
import { coverageLines } from './report-words';

function Figures({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  return (
    <Stack gap={4} component="dl" m={0} aria-label={title}>
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" gap="xs" wrap="nowrap">
          <Text component="dt" size="sm">
            {row.label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} style={{ whiteSpace: 'nowrap' }}>
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** A report as it was shared: score and its parts, coverage, then every readiness set. */
export function SharedReportView({ report, now }: { report: AssuranceReport; now: Date }) {
  const parts = report.score.parts.map((p) => ({
    label: p.part,
    value: formatPoints(p.earned, p.possible),
  }));
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder component="section" aria-labelledby="sharedScoreTitle">
          <Title order={2} size="h4" id="sharedScoreTitle" mb="sm">
            Cyber score
          </Title>
          <Group gap="md" wrap="nowrap" mb="sm">
            <GradeBadge grade={report.score.grade} size={56} what="Cyber score grade" />
            <Text fz={36} fw={800} lh={1}>
              {formatScore(report.score.value)}
              <Text span fz="md" c="dimmed" fw={500}>
                /100
              </Text>
            </Text>
          </Group>
          <Figures title="Score by part" rows={parts} />
        </Card>
        <Card withBorder component="section" aria-labelledby="sharedCoverageTitle">
          <Title order={2} size="h4" id="sharedCoverageTitle" mb="sm">
            Coverage
          </Title>
          <Figures title="Coverage" rows={coverageLines(report.coverage)} />
          <Text size="xs" c="dimmed" mt="sm">
            Evidence older than {report.staleAfterDays} days is marked stale.
          </Text>
        </Card>
      </SimpleGrid>
      {report.readiness.map((readiness) => (
        <section key={readiness.set} aria-labelledby={`sharedSet-${readiness.set}`}>
          <Title order={2} size="h3" id={`sharedSet-${readiness.set}`} mb="sm">
            {readiness.name}
          </Title>
          <ReadinessView readiness={readiness} linkTasks={false} now={now} />
        </section>
      ))}
    </Stack>
  );
}
