import type { Grade, ScoreResponse } from '@castellan/contract';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ScoreTrendChart } from './ScoreTrendChart';
import { formatScore } from './score-format';

const GRADE_COLORS: Record<Grade, string> = {
  A: 'green',
  B: 'teal',
  C: 'yellow',
  D: 'orange',
  E: 'red',
  F: 'red',
};

function Breakdown({ breakdown }: { breakdown: ScoreResponse['breakdown'] }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Score by category"
    >
      {breakdown.map((area) => (
        <li key={area.category}>
          <Group justify="space-between" gap="xs" mb={2}>
            <Text size="sm">{area.category}</Text>
            <Text size="sm" fw={600}>
              {formatScore(area.score)}
            </Text>
          </Group>
          <Progress value={area.score} aria-label={area.category} size="sm" />
        </li>
      ))}
    </Stack>
  );
}

/** The cyber score with its grade, its trend and where it comes from. */
export function CyberScoreCard({ score }: { score: ScoreResponse }) {
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
          <ScoreTrendChart history={score.history} />
        </div>
        <Breakdown breakdown={score.breakdown} />
      </SimpleGrid>
    </Card>
  );
}
