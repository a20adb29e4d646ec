// Attack graphs as GET /api/risk-analysis/attack-graph answers them, for the page's browser tests:
// three open paths and one unknown before the MFA task is done, and what is left after.

import type { AttackGraphResponse, AttackNode, AttackPath, AttackTask } from '@castellan/contract';
import { attackNode } from './attack-graph-builders';
import { MEMBER_EMAIL } from './integration-fixtures';

const task = (catalogueId: string, title: string, patch: Partial<AttackTask> = {}) => ({
  taskId: `${catalogueId}:00000000-0000-4000-8000-0000000000a1`,
  catalogueId,
  title,
  user: null,
  isCompleted: false,
  heldOpenBy: null,
  ...patch,
});

export const MFA_TASK = task('enable-mfa', 'Turn on two-step verification for everyone');
export const TRAINING_TASK = task('phishing-training', 'Learn to spot phishing', {
  user: MEMBER_EMAIL,
});
export const ADMIN_MFA_TASK = task(
  'enforce-admin-mfa',
  'Enforce two-step verification for admins',
  {
    heldOpenBy: 'gws',
  },
);

const node = (
  id: string,
  kind: AttackNode['kind'],
  label: string,
  patch: Partial<AttackNode> = {},
): AttackNode => attackNode(id, kind, label, { description: `${label}.`, ...patch });

const NODES = {
  phishing: node('phishing', 'entry', 'Phishing e-mail', {
    description: 'A convincing e-mail asks for a password.',
    evidence: [{ text: '3 of 12 mailboxes have no MFA', source: 'gws', findingId: null }],
    tasks: [MFA_TASK, TRAINING_TASK],
  }),
  spray: node('spray', 'entry', 'Password spraying', {
    severity: 'Critical',
    evidence: [{ text: '2 admins sign in without MFA', source: 'gws', findingId: null }],
    tasks: [ADMIN_MFA_TASK],
  }),
  laptops: node('laptops', 'entry', 'Unchecked laptops', {
    severity: 'Medium',
    state: 'unknown',
    reveal: { text: 'Install the agent to check the laptops', to: '/agent/download' },
  }),
  takeover: node('takeover', 'step', 'Account takeover'),
  malware: node('malware', 'step', 'Malware on a laptop', { severity: 'Medium', state: 'unknown' }),
  console: node('console', 'asset', 'Admin console', { asset: 'admin-console' }),
  mail: node('mail', 'asset', 'Mailboxes', { asset: 'mailboxes' }),
  files: node('files', 'asset', 'Company files', { asset: 'company-files', state: 'unknown' }),
  tenant: node('tenant', 'impact', 'Whole tenant taken over', { severity: 'Critical' }),
  fraud: node('fraud', 'impact', 'Invoice fraud'),
  theft: node('theft', 'impact', 'Data stolen', { state: 'unknown' }),
};
type NodeId = keyof typeof NODES;

const path = (
  id: string,
  ids: NodeId[],
  asset: AttackPath['asset'],
  patch: Partial<AttackPath>,
): AttackPath => ({
  id,
  nodeIds: ids,
  asset,
  state: 'open',
  likelihood: 0.8,
  impact: 0.9,
  score: 0.72,
  severity: 'High',
  summary: '',
  cutBy: [],
  ...patch,
});

const PATHS = {
  spray: path('spray', ['spray', 'takeover', 'console', 'tenant'], 'admin-console', {
    severity: 'Critical',
    summary: 'Guessing an admin password opens the whole tenant.',
    cutBy: ['enforce-admin-mfa'],
  }),
  phishConsole: path(
    'phish-console',
    ['phishing', 'takeover', 'console', 'tenant'],
    'admin-console',
    {
      summary: 'A phished admin hands over the admin console.',
      cutBy: ['enable-mfa'],
    },
  ),
  phishMail: path('phish-mail', ['phishing', 'takeover', 'mail', 'fraud'], 'mailboxes', {
    summary: 'Phishing a mailbox without MFA leads to invoice fraud.',
    cutBy: ['enable-mfa'],
  }),
  laptops: path('laptops', ['laptops', 'malware', 'files', 'theft'], 'company-files', {
    state: 'unknown',
    severity: 'Medium',
    summary: 'Malware on an unchecked laptop could copy the company files.',
  }),
};

const byAsset = (open: Partial<AttackGraphResponse['counts']['byAsset']>) => ({
  mailboxes: 0,
  'admin-console': 0,
  'company-files': 0,
  payments: 0,
  website: 0,
  ...open,
});

/** The graph of the given paths: their nodes, and an edge for each of their steps. */
function graphOf(paths: AttackPath[], counts: AttackGraphResponse['counts'], headline: string) {
  const ids = [...new Set(paths.flatMap((p) => p.nodeIds))];
  const steps = new Set(
    paths.flatMap((p) => p.nodeIds.slice(1).map((to, i) => `${p.nodeIds[i]}>${to}`)),
  );
  return {
    nodes: ids.map((id) => NODES[id as NodeId]),
    edges: [...steps].map((step) => {
      const [from = '', to = ''] = step.split('>');
      return {
        id: step,
        from,
        to,
        evidence: from === 'takeover' ? [`${to}: reachable with one password`] : [],
      };
    }),
    paths,
    counts,
    headline,
    computedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  } satisfies AttackGraphResponse;
}

export const BEFORE: AttackGraphResponse = graphOf(
  [PATHS.spray, PATHS.phishConsole, PATHS.phishMail, PATHS.laptops],
  {
    openPaths: 3,
    unknownPaths: 1,
    openEntryPoints: 2,
    unknownEntryPoints: 1,
    byAsset: byAsset({ 'admin-console': 2, mailboxes: 1 }),
  },
  '3 open paths reach your admin console and mailboxes',
);

/** After the MFA task: the server drops the two phishing paths it cut. */
export const AFTER_MFA: AttackGraphResponse = graphOf(
  [PATHS.spray, PATHS.laptops],
  {
    openPaths: 1,
    unknownPaths: 1,
    openEntryPoints: 1,
    unknownEntryPoints: 1,
    byAsset: byAsset({ 'admin-console': 1 }),
  },
  '1 open path reaches your admin console',
);

export const EMPTY: AttackGraphResponse = graphOf(
  [],
  {
    openPaths: 0,
    unknownPaths: 0,
    openEntryPoints: 0,
    unknownEntryPoints: 0,
    byAsset: byAsset({}),
  },
  'No open attack paths',
);
