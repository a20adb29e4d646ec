import { Group, Text } from '@mantine/core';
import logo from './logo.svg';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <img src={logo} alt="" width={28} height={28} />
      <Text fw={700} size="lg">
        Castellan
      </Text>
    </Group>
  );
}
