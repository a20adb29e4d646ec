import type { AttackNode, AttackPath } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { postureGroups } from './entry-posture';
import { riskTabFrom, riskTabsFor, withRiskTab } from './risk-tabs';
import { topPaths } from './top-paths';

const node = (id: string, patch: Partial<AttackNode> = {}): AttackNode => ({
  id,
  kind: 'entry',
  label: id,
  description: '',
  severity: 'High',
  state: 'open',
  evidence: [],
  tasks: [],
  reveal: null,
  asset: null,
  ...patch,
});

const path = (id: string, nodeIds: string[]): AttackPath => ({
  id,
  nodeIds,
  asset: 'mailboxes',
  state: 'open',
  likelihood: 0.5,
  impact: 0.5,
  score: 0.25,
  severity: 'High',
  summary: `Path ${id}`,
  cutBy: [],
});

describe('identity and device posture', () => {
  const groups = postureGroups([
    node('entry:no-mfa', {
      label: '3 accounts without MFA',
      evidence: [
        { text: 'ann, bob and cy sign in with a password only', source: 'gws', findingId: null },
      ],
    }),
    node('entry:unencrypted-devices', {
      state: 'unknown',
      reveal: { text: 'Install the agent to check the devices', to: '/agent/download' },
      evidence: [{ text: 'ignored while unknown', source: null, findingId: null }],
    }),
    node('entry:spoofable-domain'),
  ]);
  const item = (id: string) => groups.flatMap((g) => g.items).find((i) => i.id === id);

  it('groups identity and devices in a fixed order, leaving other entry points out', () => {
    expect(groups.map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ['Identity', ['entry:no-mfa', 'entry:stale-accounts', 'entry:admin-sign-in']],
      ['Devices', ['entry:unencrypted-devices', 'entry:outdated-devices']],
    ]);
  });

  it('shows an open entry point with its label and evidence', () => {
    expect(item('entry:no-mfa')).toMatchObject({
      state: 'open',
      label: '3 accounts without MFA',
      evidence: ['ann, bob and cy sign in with a password only'],
      reveal: null,
    });
  });

  it('shows an unknown one with what would reveal it, never its evidence', () => {
    expect(item('entry:unencrypted-devices')).toMatchObject({
      state: 'unknown',
      label: null,
      evidence: [],
      reveal: { text: 'Install the agent to check the devices', to: '/agent/download' },
    });
  });

  it('takes an absent one as closed', () => {
    expect(item('entry:stale-accounts')).toMatchObject({ state: 'closed', evidence: [] });
  });
});

describe('top attack paths', () => {
  it('keeps the first three with their steps’ labels', () => {
    const nodes = [node('a', { label: 'No MFA' }), node('b', { kind: 'step', label: 'Phish' })];
    const paths = ['1', '2', '3', '4'].map((id) => path(id, ['a', 'b', 'impact:gone']));
    const top = topPaths({ nodes, paths });
    expect(top.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(top[0]?.steps).toEqual(['No MFA', 'Phish', 'impact:gone']);
  });
});

describe('risk analysis tabs', () => {
  it('gives the frameworks and the watch to administrators only', () => {
    expect(riskTabsFor(true)).toEqual(['summary', 'report', 'frameworks', 'watch']);
    expect(riskTabsFor(false)).toEqual(['summary', 'report']);
  });

  it('opens the tab the address asks for when the user may open it, else the summary', () => {
    const asking = (tab: string) => new URLSearchParams({ tab });
    expect(riskTabFrom(asking('watch'), true)).toBe('watch');
    expect(riskTabFrom(asking('watch'), false)).toBe('summary');
    expect(riskTabFrom(asking('frameworks'), false)).toBe('summary');
    expect(riskTabFrom(asking('report'), false)).toBe('report');
    expect(riskTabFrom(asking('nonsense'), true)).toBe('summary');
    expect(riskTabFrom(new URLSearchParams(), true)).toBe('summary');
  });

  it('keeps the rest of the address when a tab opens, and no parameter for the summary', () => {
    const params = new URLSearchParams({ tab: 'report', other: 'x' });
    expect(withRiskTab(params, 'watch').toString()).toBe('tab=watch&other=x');
    expect(withRiskTab(params, 'summary').toString()).toBe('other=x');
  });
});
