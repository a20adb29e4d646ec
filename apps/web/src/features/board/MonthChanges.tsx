import type { ScoreChange } from '@castellan/contract';
import { Card, List, Text, Title } from '@mantine/core';
import classes from './BoardPage.module.css';
import { changeSentence, changesThisMonth, monthName } from './board-words';

/** What moved the score in the current calendar month, in plain sentences. */
export function MonthChanges({ changes, now }: { changes: readonly ScoreChange[]; now: Date }) {
  const month = changesThisMonth(changes, now);
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="monthChangesTitle"
      className={classes.section}
    >
      <Title order={2} size="h4" id="monthChangesTitle" mb={4}>
        What changed this month
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {monthName(now)}: security tasks done, or no longer done, and what each did to the score.
      </Text>
      {month.length === 0 ? (
        <Text>Nothing has changed this month yet.</Text>
      ) : (
        <List spacing="xs" size="sm" aria-label="Changes this month">
          {month.map((change) => (
            <List.Item key={`${change.at}|${change.summary}`} style={{ overflowWrap: 'anywhere' }}>
              {changeSentence(change)}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
