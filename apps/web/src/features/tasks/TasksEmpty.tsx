import { Button, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';

/** An empty list explained, with the one action that shows tasks again. */
export function TasksEmpty({
  title,
  text,
  action,
  onAction,
}: {
  title: string;
  text: string;
  action: string;
  onAction: () => void;
}) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" ta="center" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb={4} id={titleId}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {text}
      </Text>
      <Button variant="light" onClick={onAction}>
        {action}
      </Button>
    </Paper>
  );
}
