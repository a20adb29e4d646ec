import type { AttackNode } from '@castellan/contract';

/** An attack graph node for fixtures: open, High, with nothing attached unless patched. */
export const attackNode = (
  id: string,
  kind: AttackNode['kind'],
  label = id,
  patch: Partial<AttackNode> = {},
): AttackNode => ({
  id,
  kind,
  label,
  description: label,
  severity: 'High',
  state: 'open',
  evidence: [],
  tasks: [],
  reveal: null,
  asset: null,
  ...patch,
});
