import { List, Text, ThemeIcon } from '@mantine/core';
import { BENEFITS } from './benefits';

export function Benefits() {
  return (
    <List
      aria-label="What Castellan does for you"
      spacing="md"
      center={false}
      icon={
        <ThemeIcon size={24} radius="xl" aria-hidden>
          ✓
        </ThemeIcon>
      }
    >
      {BENEFITS.map((benefit) => (
        <List.Item key={benefit.title}>
          <Text fw={600}>{benefit.title}</Text>
          <Text c="dimmed">{benefit.text}</Text>
        </List.Item>
      ))}
    </List>
  );
}
