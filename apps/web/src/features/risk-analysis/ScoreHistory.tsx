import type { OrganizationAnalysisResponse } from '@castellan/contract';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { GradeTag } from '../../components/GradeBadge';
import { formatDate } from '../../lib/format-date';
import { scoredHistory, sparklinePoints } from './score-history';

const WIDTH = 240;
const HEIGHT = 48;
const RECENT = 5;

type Props = { history: OrganizationAnalysisResponse['history'] };

/** Earlier domain grades: a small line for the trend and the latest few with their dates. */
export function ScoreHistory({ history }: Props) {
  const scored = scoredHistory(history);
  if (scored.length === 0) return null;
  const recent = scored.slice(-RECENT).reverse();
  const summary = scored
    .map((h) => `${h.grade ?? 'no grade'} on ${formatDate(h.finishedAt)}`)
    .join(', ');
  return (
    <Card withBorder component="section" aria-labelledby="scoreHistoryTitle">
      <Title order={2} size="h5" id="scoreHistoryTitle" mb="sm">
        Domain grade history
      </Title>
      <Stack gap="sm">
        {scored.length > 1 && (
          <svg
            role="img"
            aria-label={`Domain grade over time: ${summary}`}
            viewBox={`-2 -2 ${WIDTH + 4} ${HEIGHT + 4}`}
            width="100%"
            height={HEIGHT + 4}
            preserveAspectRatio="none"
            style={{ maxWidth: WIDTH + 4 }}
          >
            <polyline
              points={sparklinePoints(
                scored.map((h) => h.score),
                WIDTH,
                HEIGHT,
              )}
              fill="none"
              stroke="var(--mantine-color-blue-6)"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        )}
        <Stack component="ol" gap={4} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {recent.map((entry) => (
            <Group component="li" key={entry.id} gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" w={110}>
                {formatDate(entry.finishedAt)}
              </Text>
              {entry.grade && <GradeTag grade={entry.grade}>Grade {entry.grade}</GradeTag>}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
