import type { AttackNode } from '@castellan/contract';
import { Stack, Text, UnstyledButton } from '@mantine/core';
import { RISK_COLORS } from '../tasks';
import { NodeBadges } from './AttackBadges';
import { NODE_HEIGHT, NODE_MIN_FONT_PX, NODE_WIDTH, type Position } from './graph-layout';
import { KIND_NAMES, nodeAccessibleName } from './graph-model';

type Props = {
  node: AttackNode;
  position: Position;
  /** The id of the text that says where the node leads. */
  describedBy: string | undefined;
  onOpen: (nodeId: string) => void;
};

/** Long words break rather than leave the box; nothing is cut short. */
const whole = { overflowWrap: 'anywhere', whiteSpace: 'normal' } as const;

/**
 * A node of the graph, a button that opens its details: severity as colour and as a badge; an
 * unknown one dashed and grey. Its text is at least NODE_MIN_FONT_PX and wraps, so that at the
 * graph's readable zoom it reads whole; a long label makes the node taller. Spans only inside,
 * as a button's content must be.
 */
export function GraphNode({ node, position, describedBy, onOpen }: Props) {
  const unknown = node.state === 'unknown';
  const color = unknown ? 'gray' : RISK_COLORS[node.severity];
  return (
    <UnstyledButton
      data-graph-node={node.id}
      aria-label={nodeAccessibleName(node)}
      aria-describedby={describedBy}
      onClick={() => onOpen(node.id)}
      style={{
        position: 'absolute',
        left: position.x,
        top: position.y,
        width: NODE_WIDTH,
        minHeight: NODE_HEIGHT,
        borderRadius: 8,
        border: `2px ${unknown ? 'dashed' : 'solid'} var(--mantine-color-${color}-6)`,
        background: unknown ? 'var(--mantine-color-white)' : `var(--mantine-color-${color}-0)`,
      }}
    >
      <Stack component="span" gap={4} px="xs" py={6}>
        {/* Darker than "dimmed", which reads at 4.5:1 on white but not on the tinted nodes. */}
        <Text
          span
          display="block"
          fz={NODE_MIN_FONT_PX}
          lh={1.25}
          c="var(--mantine-color-gray-7)"
          style={whole}
        >
          {KIND_NAMES[node.kind]}
        </Text>
        <Text
          span
          display="block"
          fz={NODE_MIN_FONT_PX + 1}
          lh={1.25}
          fw={600}
          c="var(--mantine-color-text)"
          style={whole}
        >
          {node.label}
        </Text>
        <NodeBadges node={node} fz={NODE_MIN_FONT_PX} />
      </Stack>
    </UnstyledButton>
  );
}
