import type { RiskAnalysisSummary } from '@castellan/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { breachCost } from '../attack-graph/service';
import { findOrganization } from '../organizations/repository';
import { latestAnalysisSummary } from '../risk-analysis/service';

/**
 * `GET /api/organization`: the organisation with what the dashboard shows of it. It sits above
 * the modules it gathers from (the attack graph reads tasks, which read organisations), so
 * nothing imports it but the app.
 */

/** The latest analysis with the expected breach cost of the organisation as it stands now. */
async function riskAnalysisOf(db: Db, organizationId: string): Promise<RiskAnalysisSummary | null> {
  const analysis = await latestAnalysisSummary(db, organizationId);
  if (!analysis) return null;
  const cost = await breachCost(db, organizationId);
  return {
    ...analysis,
    expectedBreachCost: cost.range.expected,
    expectedBreachCostRange: cost.range,
    biggestReduction: cost.biggestReduction,
    breachCostExplanation: cost.explanation,
  };
}

/** The organisation with its stopped attacks and its latest risk analysis in brief. */
export async function organizationOverview(db: Db, organizationId: string) {
  const row = await findOrganization(db, organizationId);
  if (!row) throw new NotFoundError('Your organisation no longer exists.');
  const { failedLogins, blockedSpam, ...rest } = row;
  const analysis = await riskAnalysisOf(db, row.id);
  return {
    ...rest,
    metrics: { stopped_attacks: { failed_logins: failedLogins, blocked_spam: blockedSpam } },
    risk_analysis: analysis,
    riskAnalysis: analysis,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
