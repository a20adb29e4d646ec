import type { ScoreChange } from '@castellan/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { CHANGES_SHOWN, formatPoints } from './score-changes';
import { dayLabel } from './trend-chart';

/** The latest tasks done or reopened and the points each moved, latest first. */
export function WhatMovedYourScore({ changes }: { changes: readonly ScoreChange[] }) {
  return (
    <section aria-labelledby="scoreChangesTitle">
      <Title order={3} size="h6" id="scoreChangesTitle" mt="md" mb={4}>
        What moved your score
      </Title>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet: each task done or reopened shows here with the points it moved.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {changes.slice(0, CHANGES_SHOWN).map((c) => (
            <Group
              component="li"
              key={`${c.at}|${c.summary}`}
              gap="xs"
              wrap="nowrap"
              align="baseline"
            >
              <Text size="sm" fw={700} miw={44}>
                {formatPoints(c.points)}
              </Text>
              <Text size="sm">
                {c.summary}{' '}
                <Text span size="xs" c="dimmed">
                  {dayLabel(c.date)}
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}
