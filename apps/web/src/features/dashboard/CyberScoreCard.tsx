import type { DomainGrade, Grade, ScoreResponse } from '@castellan/contract';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format-date';
import { ScoreTrendChart } from './ScoreTrendChart';
import { formatPoints, formatScore } from './score-format';
import { WhatMovedYourScore } from './WhatMovedYourScore';

const GRADE_COLORS: Record<Grade, string> = {
  A: 'green',
  B: 'teal',
  C: 'yellow',
  D: 'orange',
  E: 'red',
  F: 'red',
};

type PointsRow = {
  label: string;
  earned: number;
  possible: number;
  /** Share earned, 0–100. */
  percent: number;
  evidence?: ReactNode;
};

/** Rows of "x of y points", each with a bar of the share earned. */
function PointsList({ title, rows }: { title: string; rows: PointsRow[] }) {
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        {title}
      </Text>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
        {rows.map((row) => (
          <li key={row.label}>
            <Group justify="space-between" gap="xs" mb={2} wrap="nowrap">
              <Text size="sm">{row.label}</Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatPoints(row.earned, row.possible)}
              </Text>
            </Group>
            <Progress value={row.percent} aria-label={row.label} size="sm" />
            {row.evidence}
          </li>
        ))}
      </Stack>
    </div>
  );
}

/** The domain report's letter, shown as evidence for the e-mail-and-domain part. */
function DomainGradeEvidence({ domainGrade }: { domainGrade: DomainGrade | null }) {
  const text = !domainGrade
    ? 'No domain grade yet: your domain has not been scanned.'
    : `Domain grade ${domainGrade.grade} from the scan of ${domainGrade.domain} on ${formatDate(domainGrade.scannedAt)}.`;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="domainGradeEvidence">
      {text}
    </Text>
  );
}

/** The cyber score with its grade, its trend and where its points come from. */
export function CyberScoreCard({ score }: { score: ScoreResponse }) {
  const parts = score.parts.map(({ part, earned, possible }) => ({
    label: part,
    earned,
    possible,
    // As the score rounds its own share: one decimal, everything earned when nothing is possible.
    percent: possible === 0 ? 100 : Math.round((earned * 1000) / possible) / 10,
    evidence:
      part === 'E-mail and domain' ? <DomainGradeEvidence domainGrade={score.domainGrade} /> : null,
  }));
  const categories = score.breakdown.map(({ category, earned, possible, score: percent }) => ({
    label: category,
    earned,
    possible,
    percent,
  }));
  return (
    <Card withBorder component="section" id="cyberScore" aria-labelledby="cyberScoreTitle">
      <Title order={2} size="h5" id="cyberScoreTitle" mb="xs">
        Cyber score
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <div>
          <Group gap="sm" align="center" mb="xs">
            <Text fz={44} fw={800} lh={1} data-testid="scoreValue">
              {formatScore(score.score)}
              <Text span fz="md" c="dimmed" fw={500}>
                /100
              </Text>
            </Text>
            <Badge size="lg" color={GRADE_COLORS[score.grade]}>
              Grade {score.grade}
            </Badge>
          </Group>
          <ScoreTrendChart history={score.history} changes={score.changes} />
          <WhatMovedYourScore changes={score.changes} />
        </div>
        <Stack gap="md">
          <PointsList title="Score by part" rows={parts} />
          <PointsList title="Score by category" rows={categories} />
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
