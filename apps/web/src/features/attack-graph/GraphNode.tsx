import type { AttackNode } from '@castellan/contract';
import { Stack, Text } from '@mantine/core';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { RISK_COLORS } from '../tasks';
import { NodeBadges } from './AttackBadges';
import { NODE_HEIGHT, NODE_WIDTH } from './graph-layout';
import { KIND_NAMES } from './graph-model';

export type GraphNodeType = Node<{ node: AttackNode }, 'attack'>;

/** A node of the graph: severity as colour and as a badge; an unknown one dashed and grey. */
export function GraphNode({ data: { node } }: NodeProps<GraphNodeType>) {
  const unknown = node.state === 'unknown';
  const color = unknown ? 'gray' : RISK_COLORS[node.severity];
  return (
    <Stack
      gap={2}
      px="xs"
      py={6}
      style={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        borderRadius: 8,
        border: `2px ${unknown ? 'dashed' : 'solid'} var(--mantine-color-${color}-6)`,
        background: unknown ? 'var(--mantine-color-white)' : `var(--mantine-color-${color}-0)`,
        cursor: 'pointer',
      }}
    >
      {node.kind !== 'entry' && (
        <Handle type="target" position={Position.Left} isConnectable={false} />
      )}
      <Text size="xs" c="dimmed">
        {KIND_NAMES[node.kind]}
      </Text>
      <Text size="sm" fw={600} truncate="end" c="var(--mantine-color-text)">
        {node.label}
      </Text>
      <NodeBadges node={node} />
      {node.kind !== 'impact' && (
        <Handle type="source" position={Position.Right} isConnectable={false} />
      )}
    </Stack>
  );
}
