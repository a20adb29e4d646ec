import type { FrameworkId, SafeguardProgress } from '@castellan/contract';
import { Accordion, Text } from '@mantine/core';
import { safeguardName, safeguardState } from './framework-wording';
import { SafeguardTasks } from './SafeguardTasks';

type Props = { framework: FrameworkId; safeguards: SafeguardProgress[] };

/** Safeguards as a list of expanders: number and title, where each stands, then its tasks. */
export function SafeguardList({ framework, safeguards }: Props) {
  return (
    <Accordion multiple variant="separated" chevronPosition="left">
      {safeguards.map((safeguard) => (
        <Accordion.Item key={safeguard.id} value={safeguard.id}>
          <Accordion.Control>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {safeguardName(framework, safeguard)}
            </Text>
            <Text size="xs" c="dimmed">
              {safeguardState(safeguard.tasks)}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <SafeguardTasks framework={framework} safeguard={safeguard} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
