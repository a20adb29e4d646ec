import type { AttackNode } from '@castellan/contract';
import type { Severity } from '@castellan/contract/vocabulary';
import { Badge, Group } from '@mantine/core';
import { RISK_COLORS } from '../tasks';

/** The severity in words as well as colour. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <Badge size="sm" variant="light" color={RISK_COLORS[severity]}>
      {severity}
    </Badge>
  );
}

/** Nothing has looked at this way in yet: it is not known to be safe. */
export function UnknownBadge() {
  return (
    <Badge size="sm" variant="outline" color="gray" style={{ borderStyle: 'dashed' }}>
      Unknown
    </Badge>
  );
}

export function NodeBadges({ node }: { node: Pick<AttackNode, 'severity' | 'state'> }) {
  return (
    <Group gap={4} wrap="nowrap">
      {node.state === 'unknown' && <UnknownBadge />}
      <SeverityBadge severity={node.severity} />
    </Group>
  );
}
