import type { ScoreResponse } from '@castellan/contract';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatScore, ScoreTrendChart } from '../dashboard';
import { GradeBadge } from '../risk-analysis';
import classes from './BoardPage.module.css';
import { trendWords } from './board-words';

/** The cyber score with its grade and how it moved, for a reader new to it. */
export function BoardScore({ score }: { score: ScoreResponse }) {
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="boardScoreTitle"
      className={classes.section}
    >
      <Title order={2} size="h4" id="boardScoreTitle" mb="sm">
        Cyber score
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Group gap="md" wrap="nowrap">
            <GradeBadge grade={score.grade} size={64} what="Cyber score grade" />
            <Text fz={40} fw={800} lh={1} data-testid="boardScore">
              {formatScore(score.score)}
              <Text span fz="md" c="dimmed" fw={500}>
                /100
              </Text>
            </Text>
          </Group>
          <Text fw={600}>{trendWords(score.history)}</Text>
          <Text size="sm" c="dimmed">
            The score grows as the team completes its security tasks, each weighted by how much it
            lowers the risk of a breach. A is best, F worst.
          </Text>
        </Stack>
        <ScoreTrendChart history={score.history} changes={score.changes} />
      </SimpleGrid>
    </Card>
  );
}
