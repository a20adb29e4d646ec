import { Group, Text } from '@mantine/core';
import logo from './logo.svg';

/** The picture and the product's name; `compact` leaves the name out on a phone-sized screen. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src={logo} alt="" width={28} height={28} />
      <Text fw={700} size="lg" visibleFrom={compact ? 'sm' : undefined}>
        Castellan
      </Text>
    </Group>
  );
}
