import type { Organization } from '@castellan/contract';
import { DEFAULT_EXPECTED_BREACH_COST } from '@castellan/contract/vocabulary';

/**
 * What a breach would be expected to cost the organisation (USD): its risk analysis's estimate,
 * or the default when it has none or one of 0 or less (spec §9).
 */
type Estimate = { expectedBreachCost: number } | null;

export function expectedBreachCost(organization: {
  risk_analysis: Estimate;
  riskAnalysis: Estimate;
}): { amount: number; isDefault: boolean } {
  const estimate = (organization.risk_analysis ?? organization.riskAnalysis)?.expectedBreachCost;
  return estimate !== undefined && Number.isFinite(estimate) && estimate > 0
    ? { amount: estimate, isDefault: false }
    : { amount: DEFAULT_EXPECTED_BREACH_COST, isDefault: true };
}

/** Attacks stopped: total = failed logins + blocked spam (spec §9). */
export function stoppedAttacks(metrics: Organization['metrics']) {
  const { failed_logins: failedLogins, blocked_spam: blockedSpam } = metrics.stopped_attacks;
  return { total: failedLogins + blockedSpam, failedLogins, blockedSpam };
}
