// The risk hub's answers for browser tests: an attack graph and the organisation's risk analysis
// summary, shaped by the contract (the server computing them is written alongside).

import type { AttackGraphResponse, RiskAnalysisSummary } from '@castellan/contract';
import type { Page } from '@playwright/test';
import { attackNode } from './attack-graph-builders';
import { json } from './helpers';

const byAsset = (
  counts: Partial<AttackGraphResponse['counts']['byAsset']>,
): AttackGraphResponse['counts']['byAsset'] => ({
  mailboxes: 0,
  'admin-console': 0,
  'company-files': 0,
  payments: 0,
  website: 0,
  ...counts,
});

const node = attackNode;

/**
 * Accounts without MFA are open, devices are unknown until the agent runs, stale accounts and
 * admin sign-ins are closed (absent); four paths, so the hub keeps the first three.
 */
export function attackGraph(): AttackGraphResponse {
  return {
    nodes: [
      node('entry:no-mfa', 'entry', '3 accounts without MFA', {
        severity: 'Critical',
        evidence: [
          {
            text: 'ann@brightwave.example signs in with a password only',
            source: 'gws',
            findingId: null,
          },
          {
            text: 'bob@brightwave.example signs in with a password only',
            source: 'gws',
            findingId: null,
          },
        ],
      }),
      node('entry:unencrypted-devices', 'entry', 'Devices without encryption', {
        state: 'unknown',
        reveal: { text: 'Install the agent to check your devices', to: '/agent/download' },
      }),
      node('entry:outdated-devices', 'entry', 'Outdated devices', {
        state: 'unknown',
        reveal: { text: 'Install the agent to check for updates', to: '/agent/download' },
      }),
      node('entry:spoofable-domain', 'entry', 'Mail can be forged in your name', {
        evidence: [
          {
            text: 'DMARC only monitors (p=none)',
            source: 'domain-scan',
            findingId: 'dmarc.policy-none',
          },
        ],
      }),
      node('step:phish', 'step', 'Phishing a password'),
      node('step:forge', 'step', 'Forged invoice mail'),
      node('asset:mailboxes', 'asset', 'Mailboxes', { asset: 'mailboxes' }),
      node('asset:payments', 'asset', 'Payments', { asset: 'payments' }),
      node('impact:fraud', 'impact', 'Payment fraud'),
      node('impact:leak', 'impact', 'Data leak'),
    ],
    edges: [],
    paths: [
      path(
        'p1',
        ['entry:no-mfa', 'step:phish', 'asset:mailboxes', 'impact:fraud'],
        'Critical',
        'Phishing a mailbox without MFA leads to payment fraud.',
      ),
      path(
        'p2',
        ['entry:spoofable-domain', 'step:forge', 'asset:payments', 'impact:fraud'],
        'High',
        'Mail forged in your name tricks a customer into paying the wrong account.',
      ),
      path(
        'p3',
        ['entry:unencrypted-devices', 'asset:mailboxes', 'impact:leak'],
        'Medium',
        'A lost laptop without encryption leaks mail.',
        'unknown',
      ),
      path(
        'p4',
        ['entry:outdated-devices', 'asset:mailboxes', 'impact:leak'],
        'Low',
        'An outdated device is taken over and its mail read.',
        'unknown',
      ),
    ],
    counts: {
      openPaths: 2,
      unknownPaths: 2,
      openEntryPoints: 2,
      unknownEntryPoints: 2,
      byAsset: byAsset({ mailboxes: 1, payments: 1 }),
    },
    headline: '2 open paths reach your payments and mailboxes',
    computedAt: '2026-11-21T09:31:00.000Z',
  };
}

function path(
  id: string,
  nodeIds: string[],
  severity: AttackGraphResponse['paths'][number]['severity'],
  summary: string,
  state: 'open' | 'unknown' = 'open',
): AttackGraphResponse['paths'][number] {
  return {
    id,
    nodeIds,
    asset: 'mailboxes',
    state,
    likelihood: 0.8,
    impact: 0.9,
    score: 0.72,
    severity,
    summary,
    cutBy: ['mfa'],
  };
}

export const emptyAttackGraph = (): AttackGraphResponse => ({
  ...attackGraph(),
  nodes: [],
  paths: [],
  counts: {
    openPaths: 0,
    unknownPaths: 0,
    openEntryPoints: 0,
    unknownEntryPoints: 0,
    byAsset: byAsset({}),
  },
  headline: 'No open attack paths',
});

/** Answers the attack graph; counts the calls so a test can tell none was made. */
export async function fakeAttackGraph(
  page: Page,
  graph: AttackGraphResponse | null = attackGraph(),
) {
  const calls = { count: 0 };
  await page.route('**/api/risk-analysis/attack-graph', (route) => {
    calls.count += 1;
    return graph ? json(route, 200, graph) : json(route, 500, { error: 'The graph is resting.' });
  });
  return calls;
}

/** A risk analysis summary of the organisation with a spread and a task that lowers it most. */
export const riskAnalysisSummary = (
  patch: Partial<RiskAnalysisSummary> = {},
): RiskAnalysisSummary => ({
  id: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  domain: 'brightwave.example',
  scannedAt: '2026-11-21T09:30:00.000Z',
  score: 58,
  grade: 'D',
  failedChecks: 8,
  expectedBreachCost: 2_400_000,
  expectedBreachCostRange: { low: 1_200_000, expected: 2_400_000, high: 4_100_000 },
  biggestReduction: { catalogueId: 'mfa', title: 'Turn on MFA for every account', amount: 450_000 },
  breachCostExplanation: {
    why: 'Why $2,400,000: 10 people, 2 open ways in (Spoofable domain, Accounts without MFA); a breach of a company your size costs about $4,880,000.',
    sinceLastWeek: 'Since last week: no change.',
  },
  ...patch,
});

/** The real organisation with the given risk analysis summary in both of its fields. */
export async function fakeOrganizationAnalysis(page: Page, summary: RiskAnalysisSummary | null) {
  await page.route('**/api/organization', async (route) => {
    const organization = (await (await route.fetch()).json()) as Record<string, unknown>;
    return json(route, 200, { ...organization, risk_analysis: summary, riskAnalysis: summary });
  });
}
