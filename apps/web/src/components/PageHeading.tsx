import { Title } from '@mantine/core';

export function PageHeading({ title }: { title: string }) {
  return (
    <Title order={1} size="h2" mb="md">
      {title}
    </Title>
  );
}
