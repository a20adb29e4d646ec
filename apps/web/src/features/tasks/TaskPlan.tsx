import type { Task } from '@castellan/contract';
import { Accordion, Box, Stack, Text, Title } from '@mantine/core';
import { TaskList } from './TaskList';
import type { TaskSection } from './task-plan';

type Props = {
  /** The tasks to do this week; none leaves the section out. */
  week: Task[];
  /** The other tasks, by section and category. */
  sections: TaskSection[];
  /** Opens every category (a filter already narrowed the list); otherwise they start closed. */
  expanded: boolean;
  showAssignee: boolean;
  onOpen: (task: Task) => void;
};

// Mantine builds element ids from the values: no spaces.
const groupValue = (category: string) => category.toLowerCase().replaceAll(' ', '-');

const openCount = (tasks: readonly Task[]) => tasks.filter((t) => !t.isCompleted).length;

/**
 * The plan: "This week" first, then the rest by section and category, each category a
 * disclosure (a button that opens and closes it, from the keyboard too).
 */
export function TaskPlan({ week, sections, expanded, showAssignee, onOpen }: Props) {
  return (
    <Stack gap="xl" component="section" aria-label="Tasks">
      {week.length > 0 && (
        <Box component="section" aria-labelledby="thisWeekHeading">
          <Title order={2} size="h3" id="thisWeekHeading">
            This week
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The tasks that add the most to your score for the time they take.
          </Text>
          <TaskList tasks={week} label="This week" showAssignee={showAssignee} onOpen={onOpen} />
        </Box>
      )}
      {sections.map((section) => (
        <Box component="section" key={section.id} aria-labelledby={`tasksSection-${section.id}`}>
          <Title order={2} size="h3" mb="sm" id={`tasksSection-${section.id}`}>
            {section.title}
          </Title>
          <Accordion
            key={String(expanded)}
            multiple
            variant="separated"
            defaultValue={expanded ? section.groups.map((g) => groupValue(g.category)) : []}
          >
            {section.groups.map(({ category, tasks }) => (
              <Accordion.Item key={category} value={groupValue(category)}>
                <Accordion.Control>
                  {category}
                  <Text span size="sm" c="dimmed">
                    {' '}
                    · {openCount(tasks)} open of {tasks.length}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <TaskList
                    tasks={tasks}
                    label={category}
                    showAssignee={showAssignee}
                    onOpen={onOpen}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Box>
      ))}
    </Stack>
  );
}
