import { Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryStatus } from '../../components/QueryStatus';
import { nextTask, TaskBadges, TaskEffort, type TasksPageState, useTasks } from '../tasks';

/** The greeting, and the one thing to do next: the open task that moves the score fastest. */
export function WelcomeCard({ firstName }: { firstName: string }) {
  const tasks = useTasks('mine');
  const next = tasks.data ? nextTask(tasks.data.tasks) : null;
  return (
    <Card withBorder component="section" id="welcome" aria-labelledby="welcomeTitle">
      <Title order={2} size="h4" id="welcomeTitle" mb="xs">
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </Title>
      <QueryStatus query={tasks} what="your next task" />
      {tasks.data &&
        (next ? (
          <>
            <Text size="sm" c="dimmed">
              Your most urgent task:
            </Text>
            <Text fw={600} mb={6} data-testid="nextTaskTitle">
              {next.title}
            </Text>
            <TaskBadges task={next} />
            <TaskEffort task={next} />
            <Group mt="md" gap="sm">
              <Button
                component={Link}
                to="/tasks"
                state={{ openTask: next.id } satisfies TasksPageState}
              >
                Start this task
              </Button>
              <Button component={Link} to="/tasks" variant="subtle">
                See all your tasks
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>You have done every task on your list. Well done.</Text>
            <Button component={Link} to="/tasks" variant="light" mt="md">
              See your tasks
            </Button>
          </>
        ))}
    </Card>
  );
}
