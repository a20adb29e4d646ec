import type { Progress } from '@castellan/contract';
import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProgressBar } from './ProgressBar';

type Props = {
  /** The element id (the admin tour highlights some of these cards). */
  id?: string;
  title: string;
  progress: Progress;
  children?: ReactNode;
};

/** A titled completion card: "n of m tasks done", the percentage and a bar. */
export function ProgressCard({ id, title, progress, children }: Props) {
  const titleId = `${id ?? title.replaceAll(' ', '')}Title`;
  return (
    <Card withBorder component="section" id={id} aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb="xs">
        {title}
      </Title>
      <Group justify="space-between" align="baseline" mb={6} gap="xs">
        <Text size="sm">
          <Text span fw={700}>
            {progress.completed} of {progress.total}
          </Text>{' '}
          tasks done
        </Text>
        <Text fw={700} size="lg">
          {progress.percent}%
        </Text>
      </Group>
      <ProgressBar progress={progress} label={title} size="lg" />
      {children}
    </Card>
  );
}
