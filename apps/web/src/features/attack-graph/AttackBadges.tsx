import type { AttackNode } from '@castellan/contract';
import type { Severity } from '@castellan/contract/vocabulary';
import { Badge, Group } from '@mantine/core';
import { RISK_COLORS } from '../tasks';

/** A badge drawn at font size `fz` (a node's readable size) grows to fit it; else Mantine's sm. */
const sizedTo = (fz: number | undefined) =>
  fz ? { fz, h: 'auto', py: 2 } : ({} as Record<string, never>);

/** The severity in words as well as colour. */
export function SeverityBadge({ severity, fz }: { severity: Severity; fz?: number }) {
  return (
    <Badge
      component="span"
      size="sm"
      {...sizedTo(fz)}
      variant="light"
      color={RISK_COLORS[severity]}
    >
      {severity}
    </Badge>
  );
}

/** Nothing has looked at this way in yet: it is not known to be safe. */
export function UnknownBadge({ fz }: { fz?: number }) {
  return (
    <Badge
      component="span"
      size="sm"
      {...sizedTo(fz)}
      variant="outline"
      color="gray"
      style={{ borderStyle: 'dashed' }}
    >
      Unknown
    </Badge>
  );
}

type NodeBadgesProps = {
  node: Pick<AttackNode, 'severity' | 'state'>;
  /** A font size of their own, as on the graph's nodes; the badges' own size otherwise. */
  fz?: number;
};

/** Spans, so that a graph node (a button) may hold them. */
export function NodeBadges({ node, fz }: NodeBadgesProps) {
  return (
    <Group component="span" gap={4} wrap="wrap">
      {node.state === 'unknown' && <UnknownBadge fz={fz} />}
      <SeverityBadge severity={node.severity} fz={fz} />
    </Group>
  );
}
