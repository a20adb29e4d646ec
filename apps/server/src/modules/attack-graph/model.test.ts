import type { EvidenceSource, ScanFinding, Task } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { toTask } from '../tasks/assignment';
import { CATALOGUE, catalogueById } from '../tasks/catalogue';
import { taskValues } from '../tasks/task-value';
import { biggestReduction, breachCostRange, costOfABreach } from './breach-cost';
import { type AttackGraphInput, exposuresOf } from './exposure';
import { buildAttackGraph } from './model';

const NOW = new Date('2026-11-25T10:00:00Z');
const AT = '2026-11-24T08:00:00.000Z';

const MEMBERS = [
  { id: 'u1', email: 'ada@acme.test', firstName: 'Ada', lastName: 'Admin', role: 'admin' as const },
  { id: 'u2', email: 'bob@acme.test', firstName: 'Bob', lastName: 'Baker', role: 'user' as const },
  { id: 'u3', email: 'cy@acme.test', firstName: 'Cy', lastName: 'Cole', role: 'user' as const },
];

/** A task as listTasks gives it: open, or done, with what automatic checks said. */
function task(
  catalogueId: string,
  email = 'ada@acme.test',
  options: { done?: boolean; fail?: [EvidenceSource, string] } = {},
): Task {
  const entry = catalogueById.get(catalogueId);
  const member = MEMBERS.find((m) => m.email === email);
  if (!entry || !member) throw new Error(`No ${catalogueId} for ${email}`);
  const evidence = options.fail
    ? [
        {
          catalogueId,
          userId: entry.scope === 'Admin' ? null : member.id,
          source: options.fail[0],
          verdict: 'fail' as const,
          checkedAt: new Date(AT),
          detail: options.fail[1],
        },
      ]
    : [];
  const done = options.done
    ? { catalogueId, userId: member.id, completedAt: new Date(AT), completedBy: 'Ada Admin' }
    : undefined;
  return toTask(entry, member, taskValues(CATALOGUE, MEMBERS.length)(entry), done, evidence);
}

function finding(id: string, severity: ScanFinding['severity'] = 'High'): ScanFinding {
  const check = id.split('.')[0] ?? id;
  const taskId = check === 'dmarc' ? 'email-dmarc' : check === 'hsts' ? 'web-hsts' : null;
  return {
    id,
    check,
    area: 'email-authentication',
    status: 'fail',
    severity,
    title: `Finding ${id}`,
    evidence: '',
    recommendation: null,
    taskId,
  };
}

function input(
  tasks: Task[],
  options: { findings?: ScanFinding[] | null; available?: EvidenceSource[] } = {},
): AttackGraphInput {
  return {
    tasks,
    members: MEMBERS.map((m) => ({
      email: m.email,
      name: `${m.firstName} ${m.lastName}`,
      role: m.role,
    })),
    findings: options.findings ?? null,
    available: new Set(options.available ?? []),
  };
}

const graph = (i: AttackGraphInput) => buildAttackGraph(i, NOW);
const pathsFrom = (g: ReturnType<typeof graph>, entry: string) =>
  g.paths.filter((p) => p.nodeIds[0] === `entry:${entry}`);

/** One case per kind of evidence: the input that opens it and the task that closes it. */
const KINDS: {
  entry: string;
  tasks: (done: boolean) => Task[];
  findings?: ScanFinding[];
  available: EvidenceSource[];
  shows: string;
}[] = [
  {
    entry: 'spoofable-domain',
    tasks: (done) => [task('email-dmarc', 'ada@acme.test', { done })],
    findings: [finding('dmarc.policy-none')],
    available: ['domain-scan'],
    shows: 'Findings: dmarc.policy-none',
  },
  {
    entry: 'no-mfa',
    tasks: (done) => [
      task(
        'enable-mfa',
        'bob@acme.test',
        done ? { done } : { fail: ['gws', 'No 2-Step Verification'] },
      ),
    ],
    available: ['gws'],
    shows: '1 member: Bob Baker',
  },
  {
    entry: 'stale-accounts',
    tasks: (done) => [
      task(
        'remove-stale-accounts',
        'ada@acme.test',
        done ? { done } : { fail: ['m365', '2 accounts unused for 90 days'] },
      ),
    ],
    available: ['m365'],
    shows: '2 accounts unused for 90 days',
  },
  {
    entry: 'admin-sign-in',
    tasks: (done) => [task('phishing-resistant-mfa-for-admins', 'ada@acme.test', { done })],
    available: ['gws'],
    shows: '1 admin: Ada Admin',
  },
  {
    entry: 'unencrypted-devices',
    tasks: (done) => [
      task(
        'encrypt-disk',
        'cy@acme.test',
        done ? { done } : { fail: ['agent', 'FileVault is off'] },
      ),
    ],
    available: ['agent'],
    shows: '1 member: Cy Cole',
  },
  {
    entry: 'outdated-devices',
    tasks: (done) => [task('update-operating-system', 'bob@acme.test', { done })],
    available: ['agent'],
    shows: '1 member: Bob Baker',
  },
  {
    entry: 'public-files',
    tasks: (done) => [
      task(
        'review-shared-links',
        'cy@acme.test',
        done ? { done } : { fail: ['gws', '3 files shared with anyone'] },
      ),
    ],
    available: ['gws'],
    shows: '1 member: Cy Cole',
  },
  {
    entry: 'weak-website',
    tasks: (done) => [task('web-hsts', 'ada@acme.test', { done })],
    findings: [finding('hsts.missing')],
    available: ['domain-scan'],
    shows: 'Findings: hsts.missing',
  },
];

describe('the attack graph', () => {
  it.each(KINDS)('opens paths from $entry and closes them when its task is done', (kind) => {
    const open = graph(input(kind.tasks(false), kind));
    const paths = pathsFrom(open, kind.entry);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      expect(p.state).toBe('open');
      expect(p.cutBy.length).toBeGreaterThan(0);
      // Every node of the path exists and consecutive nodes are joined by an edge.
      for (const id of p.nodeIds) expect(open.nodes.some((n) => n.id === id)).toBe(true);
      p.nodeIds.slice(1).forEach((to, i) => {
        expect(open.edges.some((e) => e.from === p.nodeIds[i] && e.to === to)).toBe(true);
      });
    }
    const entry = open.nodes.find((n) => n.id === `entry:${kind.entry}`);
    expect(entry).toMatchObject({ kind: 'entry', state: 'open', reveal: null });
    expect(entry?.tasks.map((t) => t.isCompleted)).not.toContain(true);
    const out = open.edges.filter((e) => e.from === `entry:${kind.entry}`);
    expect(out.flatMap((e) => e.evidence)).toContain(kind.shows);

    const closed = graph(input(kind.tasks(true), kind));
    expect(pathsFrom(closed, kind.entry)).toEqual([]);
    expect(closed.nodes.some((n) => n.id === `entry:${kind.entry}`)).toBe(false);
  });

  it('names the finding, the member and the source in the evidence', () => {
    const g = graph(
      input(
        [
          task('email-dmarc'),
          task('enable-mfa', 'bob@acme.test', { fail: ['gws', 'No 2-Step Verification'] }),
        ],
        { findings: [finding('dmarc.policy-none')], available: ['domain-scan', 'gws'] },
      ),
    );
    const node = (id: string) => g.nodes.find((n) => n.id === id);
    expect(node('entry:spoofable-domain')?.evidence).toEqual([
      { text: 'Finding dmarc.policy-none', source: 'domain-scan', findingId: 'dmarc.policy-none' },
    ]);
    expect(node('entry:no-mfa')?.evidence).toEqual([
      { text: 'Bob Baker: No 2-Step Verification', source: 'gws', findingId: null },
    ]);
    expect(node('entry:no-mfa')?.tasks).toEqual([
      {
        taskId: 'enable-mfa:u2',
        catalogueId: 'enable-mfa',
        title: catalogueById.get('enable-mfa')?.title,
        user: 'bob@acme.test',
        isCompleted: false,
        heldOpenBy: 'gws',
      },
    ]);
  });

  it('keeps what nobody has looked at unknown, with the step that would reveal it', () => {
    const tasks = [task('enable-mfa', 'bob@acme.test'), task('enable-mfa', 'cy@acme.test')];
    const unknown = graph(input(tasks));
    const entry = unknown.nodes.find((n) => n.id === 'entry:no-mfa');
    expect(entry).toMatchObject({
      state: 'unknown',
      evidence: [],
      reveal: { text: 'Connect Google Workspace or Microsoft 365', to: '/integrations' },
    });
    expect(pathsFrom(unknown, 'no-mfa').every((p) => p.state === 'unknown')).toBe(true);
    expect(unknown.counts).toMatchObject({
      openPaths: 0,
      openEntryPoints: 0,
      unknownEntryPoints: 1,
    });
    expect(unknown.headline).toBe('No open attack paths found; 3 could not be checked yet');

    // Once a suite has looked, an open task is an open way in.
    const looked = graph(input(tasks, { available: ['gws'] }));
    expect(looked.nodes.find((n) => n.id === 'entry:no-mfa')).toMatchObject({
      state: 'open',
      reveal: null,
    });

    // A member who marked it done is no longer a way in, even unchecked.
    const oneDone = graph(
      input([task('enable-mfa', 'bob@acme.test', { done: true }), tasks[1] as Task]),
    );
    expect(oneDone.edges.find((e) => e.from === 'entry:no-mfa')?.evidence).toContain(
      '1 member: Cy Cole',
    );
  });

  it('unknown without a domain report, then open from its findings', () => {
    const tasks = [task('email-dmarc')];
    expect(
      graph(input(tasks)).nodes.find((n) => n.id === 'entry:spoofable-domain')?.reveal,
    ).toEqual({
      text: 'Run a risk analysis of your domain',
      to: '/risk-analysis',
    });
    // Only a minor finding (no DMARC reports requested): the domain is not spoofable.
    const minor = graph(
      input(tasks, { findings: [finding('dmarc.no-reports', 'Low')], available: ['domain-scan'] }),
    );
    expect(pathsFrom(minor, 'spoofable-domain')).toEqual([]);
  });

  it('leads with the most dangerous open path and counts paths per asset', () => {
    const g = graph(
      input([task('email-dmarc'), task('web-hsts'), task('encrypt-disk', 'bob@acme.test')], {
        findings: [finding('dmarc.policy-none'), finding('hsts.missing')],
        available: ['domain-scan'],
      }),
    );
    const open = g.paths.filter((p) => p.state === 'open');
    const unknown = g.paths.filter((p) => p.state === 'unknown');
    expect(g.paths).toEqual([...open, ...unknown]);
    expect(open.map((p) => p.score)).toEqual([...open.map((p) => p.score)].sort((a, b) => b - a));
    expect(g.paths[0]).toMatchObject({ asset: 'payments', severity: 'High' });
    expect(g.headline).toBe('3 open paths reach your payments, mailboxes and website');
    expect(g.counts.openPaths).toBe(3);
    expect(g.counts.byAsset).toEqual({
      mailboxes: 1,
      'admin-console': 0,
      'company-files': 0,
      payments: 1,
      website: 1,
    });
    for (const p of g.paths) expect(p.score).toBeCloseTo(p.likelihood * p.impact, 2);
    expect(g.computedAt).toBe(NOW.toISOString());
  });

  it('lists an Admin task once however many admins it is listed for', () => {
    const admins = [
      { ...MEMBERS[0], id: 'u1' },
      { ...MEMBERS[0], id: 'u4', email: 'dee@acme.test', firstName: 'Dee' },
    ];
    const entry = catalogueById.get('phishing-resistant-mfa-for-admins');
    if (!entry) throw new Error('catalogue');
    const tasks = admins.map((m) =>
      toTask(entry, m as (typeof MEMBERS)[0], taskValues(CATALOGUE, 2)(entry), undefined),
    );
    const g = graph(input(tasks, { available: ['gws'] }));
    expect(g.nodes.find((n) => n.id === 'entry:admin-sign-in')?.tasks).toHaveLength(1);
  });
});

describe('the expected breach cost', () => {
  it('costs a breach by the records an organisation of its size holds, within bounds', () => {
    expect(costOfABreach(2)).toBe(2_100 * 173);
    expect(costOfABreach(40)).toBe(40 * 250 * 173);
    expect(costOfABreach(5_000)).toBe(4_880_000);
  });

  it('rises with open ways in, and unknown ones widen the range', () => {
    const none = breachCostRange([], 40);
    expect(none.expected).toBe(Math.round((costOfABreach(40) * 0.05) / 1000) * 1000);
    const open = input([task('email-dmarc')], {
      findings: [finding('dmarc.policy-none')],
      available: ['domain-scan'],
    });
    const withOpen = breachCostRange(exposuresOf(open), 40);
    expect(withOpen.expected).toBeGreaterThan(none.expected);
    expect(withOpen.low).toBeLessThan(withOpen.expected);
    expect(withOpen.high).toBeGreaterThan(withOpen.expected);

    const unknown = breachCostRange(exposuresOf(input([task('enable-mfa', 'bob@acme.test')])), 40);
    expect(unknown.low).toBe(none.low);
    expect(unknown.expected).toBeGreaterThan(none.expected);
    expect(unknown.high).toBeGreaterThan(none.high);
  });

  it('names the task whose completion lowers the expected cost most', () => {
    const both = input([task('email-dmarc'), task('web-hsts')], {
      findings: [finding('dmarc.policy-none'), finding('hsts.missing')],
      available: ['domain-scan'],
    });
    const before = breachCostRange(exposuresOf(both), 3).expected;
    const after = breachCostRange(exposuresOf({ ...both, tasks: [task('web-hsts')] }), 3).expected;
    expect(biggestReduction(both, exposuresOf(both))).toEqual({
      catalogueId: 'email-dmarc',
      title: catalogueById.get('email-dmarc')?.title,
      amount: before - after,
    });
    expect(biggestReduction(input([]), [])).toBeNull();
  });
});
