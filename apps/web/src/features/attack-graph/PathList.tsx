import type { AttackNode, AttackPath } from '@castellan/contract';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { SeverityBadge, UnknownBadge } from './AttackBadges';
import { nodesOfPath } from './graph-model';

type Props = {
  paths: AttackPath[];
  nodes: AttackNode[];
  /** Opens a node's details; without it the steps are plain text (the graph's description). */
  onOpen?: (node: AttackNode) => void;
};

function Steps({ path, nodes, onOpen }: Omit<Props, 'paths'> & { path: AttackPath }) {
  const steps = nodesOfPath(path, nodes);
  if (!onOpen) return <Text>{steps.map((node) => node.label).join(' → ')}</Text>;
  return (
    <Group gap={4} wrap="wrap">
      {steps.map((node, index) => (
        <Fragment key={node.id}>
          {index > 0 && <span aria-hidden>→</span>}
          <Button
            variant={node.state === 'unknown' ? 'outline' : 'light'}
            color={node.state === 'unknown' ? 'gray' : undefined}
            size="compact-sm"
            style={node.state === 'unknown' ? { borderStyle: 'dashed' } : undefined}
            onClick={() => onOpen(node)}
          >
            {node.label}
          </Button>
        </Fragment>
      ))}
    </Group>
  );
}

/** The paths as an ordered list, most dangerous first: the graph's text alternative. */
export function PathList({ paths, nodes, onOpen }: Props) {
  return (
    <Stack
      component="ol"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Attack paths"
    >
      {paths.map((path, index) => (
        <Card key={path.id} component="li" withBorder padding="sm">
          <Stack gap={6}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                Path {index + 1}
              </Text>
              <SeverityBadge severity={path.severity} />
              {path.state === 'unknown' && <UnknownBadge />}
            </Group>
            <Steps path={path} nodes={nodes} onOpen={onOpen} />
            <Text size="sm" c="dimmed">
              {path.summary}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
