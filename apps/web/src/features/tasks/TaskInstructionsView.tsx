import type { TaskInstructions } from '@castellan/contract';
import type { TaskPlatform } from '@castellan/contract/vocabulary';
import { List, Tabs, Text } from '@mantine/core';

const platformName = (set: TaskInstructions) => set.platform ?? 'Everywhere';

function Steps({ steps }: { steps: string[] }) {
  return (
    <List type="ordered" spacing="xs" size="sm" withPadding>
      {steps.map((step) => (
        <List.Item key={step}>{step}</List.Item>
      ))}
    </List>
  );
}

/**
 * The steps of a task: one list, or a tab per platform when they differ between platforms, the
 * `preferred` one's open first when the task has it.
 */
export function TaskInstructionsView({
  instructions,
  preferred = null,
}: {
  instructions: TaskInstructions[];
  preferred?: TaskPlatform | null;
}) {
  const [only] = instructions;
  if (!only) return <Text size="sm">No steps are needed: this one is done for you.</Text>;
  if (instructions.length === 1) {
    return (
      <>
        {only.platform && (
          <Text size="sm" fw={500} mb={4}>
            On {only.platform}
          </Text>
        )}
        <Steps steps={only.steps} />
      </>
    );
  }
  return (
    <Tabs
      defaultValue={platformName(instructions.find((set) => set.platform === preferred) ?? only)}
      keepMounted={false}
    >
      <Tabs.List aria-label="Platforms">
        {instructions.map((set) => (
          <Tabs.Tab key={platformName(set)} value={platformName(set)}>
            {platformName(set)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {instructions.map((set) => (
        <Tabs.Panel key={platformName(set)} value={platformName(set)} pt="sm">
          <Steps steps={set.steps} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
