import type { AttackTask } from '@castellan/contract';
import { Anchor, Box, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { showToast } from '../../lib/toast';
import { reminderOutcome } from '../team-progress';
import { useRemindPeople } from './api';
import { peopleToRemind } from './graph-model';

type Props = { title: string; tasks: AttackTask[] };

/**
 * One task that each of several people must do, as one card: how many have done it, a reminder
 * to all who have not, and the people themselves folded away.
 */
export function PeopleTaskCard({ title, tasks }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const remind = useRemindPeople();
  const waiting = peopleToRemind(tasks);
  const done = tasks.length - waiting.length;
  const remindAll = () =>
    remind.mutate(waiting, {
      onSuccess: (answer) => showToast(reminderOutcome(answer)),
      onError: (error) =>
        showToast({ severity: 'error', summary: 'No reminder was sent', detail: error.message }),
    });
  return (
    <Card withBorder padding="sm" component="li" aria-label={title}>
      <Stack gap={6}>
        <Text fw={600}>{title}</Text>
        <Text size="sm">
          {tasks.length} people — {done} done, {waiting.length} to go
        </Text>
        <Group justify="space-between" align="center" gap="xs">
          {waiting.length > 0 ? (
            <Button size="xs" variant="default" loading={remind.isPending} onClick={remindAll}>
              Remind all {waiting.length}
            </Button>
          ) : (
            <Text size="sm" c="green.9">
              Everyone has done it
            </Text>
          )}
          <Anchor component={Link} to="/team-progress" size="sm">
            See them in Company status
          </Anchor>
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide the people' : `Show the ${tasks.length} people`}
        </Button>
        <Box id={listId} hidden={!open}>
          {open && (
            <List size="sm" spacing={2}>
              {tasks.map((task) => (
                <List.Item key={task.taskId} style={{ overflowWrap: 'anywhere' }}>
                  {task.user} — {task.isCompleted ? 'done' : 'not yet'}
                </List.Item>
              ))}
            </List>
          )}
        </Box>
      </Stack>
    </Card>
  );
}
