import type { AttackNode } from '@castellan/contract';
import { Stack, Text } from '@mantine/core';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { RISK_COLORS } from '../tasks';
import { NodeBadges } from './AttackBadges';
import { NODE_HEIGHT, NODE_MIN_FONT_PX, NODE_WIDTH } from './graph-layout';
import { KIND_NAMES } from './graph-model';

export type GraphNodeType = Node<{ node: AttackNode }, 'attack'>;

/** Long words break rather than leave the box; nothing is cut short. */
const whole = { overflowWrap: 'anywhere', whiteSpace: 'normal' } as const;

/**
 * A node of the graph: severity as colour and as a badge; an unknown one dashed and grey. Its
 * text is at least NODE_MIN_FONT_PX and wraps, so that at the graph's readable zoom it reads whole.
 */
export function GraphNode({ data: { node } }: NodeProps<GraphNodeType>) {
  const unknown = node.state === 'unknown';
  const color = unknown ? 'gray' : RISK_COLORS[node.severity];
  return (
    <Stack
      gap={4}
      px="xs"
      py={6}
      data-graph-node
      style={{
        width: NODE_WIDTH,
        minHeight: NODE_HEIGHT,
        borderRadius: 8,
        border: `2px ${unknown ? 'dashed' : 'solid'} var(--mantine-color-${color}-6)`,
        background: unknown ? 'var(--mantine-color-white)' : `var(--mantine-color-${color}-0)`,
        cursor: 'pointer',
      }}
    >
      {node.kind !== 'entry' && (
        <Handle type="target" position={Position.Left} isConnectable={false} />
      )}
      <Text fz={NODE_MIN_FONT_PX} lh={1.25} c="dimmed" style={whole}>
        {KIND_NAMES[node.kind]}
      </Text>
      <Text
        fz={NODE_MIN_FONT_PX + 1}
        lh={1.25}
        fw={600}
        c="var(--mantine-color-text)"
        style={whole}
      >
        {node.label}
      </Text>
      <NodeBadges node={node} fz={NODE_MIN_FONT_PX} />
      {node.kind !== 'impact' && (
        <Handle type="source" position={Position.Right} isConnectable={false} />
      )}
    </Stack>
  );
}
