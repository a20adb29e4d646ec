import type { IntegrationsResponse, Task } from '@castellan/contract';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LabelledSection } from '../../components/LabelledSection';
import { integrationsQuery } from '../../lib/integrations-query';

type PlanNote = { key: string; title: string; note: string };

/** The catalogue task a card's check links to (`catalogueId:userId`), or null. */
const catalogueIdOf = (taskId: string | null) =>
  taskId === null ? null : taskId.slice(0, taskId.lastIndexOf(':'));

/**
 * The checks of connected integrations that would decide `task` but that the account's plan
 * cannot run, each with what to do instead (the cards' `planNote`).
 */
export function planNotesFor(
  integrations: IntegrationsResponse | null | undefined,
  task: Pick<Task, 'catalogueId'>,
): PlanNote[] {
  return Object.values(integrations ?? {}).flatMap((integration) =>
    integration.status === 'connected'
      ? integration.securityChecks.flatMap((check) =>
          check.planNote && catalogueIdOf(check.taskId) === task.catalogueId
            ? [
                {
                  key: `${integration.id}/${check.key}`,
                  title: `${integration.name}: ${check.name}`,
                  note: check.planNote,
                },
              ]
            : [],
        )
      : [],
  );
}

/**
 * Why an automatic check cannot decide this task on the organisation's plan, and the free way to
 * do it by hand: shown in the task view, as on the integration's card.
 */
export function TaskPlanNotes({ task }: { task: Task }) {
  const { data } = useQuery(integrationsQuery);
  const notes = planNotesFor(data, task);
  if (notes.length === 0) return null;
  return (
    <LabelledSection title="What your plan allows">
      <Stack gap="xs">
        {notes.map((n) => (
          <Alert key={n.key} color="yellow" variant="light" title={n.title}>
            {n.note}
          </Alert>
        ))}
      </Stack>
    </LabelledSection>
  );
}
