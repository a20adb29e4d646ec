import type { AttackEdge, AttackNode, AttackTask } from '@castellan/contract';
import { EVIDENCE_SOURCE_NAMES } from '@castellan/contract/vocabulary';
import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DetailDrawer } from '../../components/DetailDrawer';
import { LabelledSection } from '../../components/LabelledSection';
import { NodeBadges } from './AttackBadges';
import { groupTasks, KIND_NAMES } from './graph-model';
import { PeopleTaskCard } from './PeopleTaskCard';
import { TaskCard } from './TaskCard';

type Props = {
  node: AttackNode | null;
  /** The edges leading into the node: why the attacker can reach it. */
  incoming: AttackEdge[];
  onClose: () => void;
  canComplete: (task: AttackTask) => boolean;
  completingId: string | null;
  onComplete: (task: AttackTask) => void;
};

function Evidence({ node, incoming }: Pick<Props, 'incoming'> & { node: AttackNode }) {
  const lines = new Set([
    ...node.evidence.map((e) =>
      e.source ? `${e.text} (${EVIDENCE_SOURCE_NAMES[e.source]})` : e.text,
    ),
    ...incoming.flatMap((edge) => edge.evidence),
  ]);
  if (lines.size === 0) return <Text size="sm">No evidence recorded yet.</Text>;
  return (
    <List size="sm" spacing={4}>
      {[...lines].map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>
  );
}

/**
 * One node of the graph in full: what it is, the evidence for it and, for an entry point, the
 * tasks that close it (one card for a task everyone must do). A drawer, so focus stays inside and returns to the node on closing.
 */
export function NodePanel({
  node,
  incoming,
  onClose,
  canComplete,
  completingId,
  onComplete,
}: Props) {
  return (
    <DetailDrawer
      opened={node !== null}
      onClose={onClose}
      size="md"
      title={node?.label}
      closeLabel="Close details"
    >
      {node && (
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {KIND_NAMES[node.kind]}
            </Text>
            <NodeBadges node={node} />
          </Group>
          <Text>{node.description}</Text>
          {node.reveal && (
            <Alert color="gray" variant="outline" title="Not checked yet">
              <Text size="sm" mb={4}>
                Nothing has looked at this yet, so it may be open.
              </Text>
              <Anchor component={Link} to={node.reveal.to} size="sm">
                {node.reveal.text}
              </Anchor>
            </Alert>
          )}
          <LabelledSection title="Evidence">
            <Evidence node={node} incoming={incoming} />
          </LabelledSection>
          {node.tasks.length > 0 && (
            <LabelledSection title="Tasks that close it">
              <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }}>
                {groupTasks(node.tasks).map((group) =>
                  group.kind === 'people' ? (
                    <PeopleTaskCard
                      key={group.catalogueId}
                      title={group.title}
                      tasks={group.tasks}
                    />
                  ) : (
                    <TaskCard
                      key={group.task.taskId}
                      task={group.task}
                      canComplete={canComplete(group.task)}
                      completing={completingId === group.task.taskId}
                      onComplete={onComplete}
                    />
                  ),
                )}
              </Stack>
            </LabelledSection>
          )}
        </Stack>
      )}
    </DetailDrawer>
  );
}
