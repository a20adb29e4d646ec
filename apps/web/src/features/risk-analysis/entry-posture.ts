import type { AttackNode } from '@castellan/contract';

/** `closed`: the graph has no such entry point, so no open way in was found there. */
export type PostureState = 'open' | 'unknown' | 'closed';

export type PostureItem = {
  id: string;
  name: string;
  state: PostureState;
  /** The server's label for an open entry point ("3 accounts without MFA"). */
  label: string | null;
  evidence: string[];
  /** What would reveal an unknown entry point, and where. */
  reveal: { text: string; to: string } | null;
};

export type PostureGroup = { id: 'identity' | 'devices'; title: string; items: PostureItem[] };

/** The entry points the server derives from the integrations and the agent, in display order. */
const GROUPS: { id: PostureGroup['id']; title: string; entries: [string, string][] }[] = [
  {
    id: 'identity',
    title: 'Identity',
    entries: [
      ['entry:no-mfa', 'Accounts without multi-factor sign-in'],
      ['entry:stale-accounts', 'Unused accounts still active'],
      ['entry:admin-sign-in', 'Administrator sign-ins'],
    ],
  },
  {
    id: 'devices',
    title: 'Devices',
    entries: [
      ['entry:unencrypted-devices', 'Devices without disk encryption'],
      ['entry:outdated-devices', 'Devices with outdated software'],
    ],
  },
];

function postureItem(id: string, name: string, node: AttackNode | undefined): PostureItem {
  if (!node) return { id, name, state: 'closed', label: null, evidence: [], reveal: null };
  return {
    id,
    name,
    state: node.state,
    label: node.state === 'open' ? node.label : null,
    evidence: node.state === 'open' ? node.evidence.map((e) => e.text) : [],
    reveal: node.state === 'unknown' ? node.reveal : null,
  };
}

/** Identity and device posture from the attack graph's entry nodes. */
export function postureGroups(nodes: AttackNode[]): PostureGroup[] {
  const entries = new Map(nodes.filter((n) => n.kind === 'entry').map((n) => [n.id, n]));
  return GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    items: group.entries.map(([id, name]) => postureItem(id, name, entries.get(id))),
  }));
}
