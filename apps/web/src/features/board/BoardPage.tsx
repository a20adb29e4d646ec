import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDate } from '../../lib/format-date';
import { useUserData } from '../../lib/user-data';
import { useScore } from '../score';
import classes from './BoardPage.module.css';
import { BoardRisks } from './BoardRisks';
import { BoardScore } from './BoardScore';
import { MonthChanges } from './MonthChanges';

/**
 * `/board` (administrators): one page for a board meeting, for readers who do not use the app:
 * the score and its trend, the three biggest open risks in money, and what changed this month.
 */
export default function BoardPage() {
  const { data: user } = useUserData();
  const score = useScore();
  const [now] = useState(() => new Date());
  return (
    <Stack gap="lg" data-board-page>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} size="h2" mb="xs">
            Board summary
          </Title>
          <Text c="dimmed">
            {user ? `${user.companyDomain}’s` : 'Your organisation’s'} security on one page, as of{' '}
            {formatDate(now)}.
          </Text>
        </div>
        <Button variant="default" onClick={() => window.print()} className={classes.noPrint}>
          Print
        </Button>
      </Group>

      <QueryStatus query={score} what="the cyber score" />
      {score.data && <BoardScore score={score.data} />}
      <BoardRisks />
      {score.data && <MonthChanges changes={score.data.changes} now={now} />}
    </Stack>
  );
}
