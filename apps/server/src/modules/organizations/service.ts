import { isProductDomain, type RiskAnalysisSummary } from '@castellan/contract';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { breachCost } from '../attack-graph/service';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { latestAnalysisSummary } from '../risk-analysis/service';
import { deleteOrganization, findOrganization, markRegistered } from './repository';

type Organization = { id: string; domain: string };

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

/**
 * Deletes the organisation with everything in it; the audit record outlives it. Only
 * organisations on the product's own domain (staff and sandbox ones) can be deleted this way.
 */
export async function deleteOrganizationBy(
  db: Db,
  actor: AuditActor,
  organization: Organization,
  options: { productDomain: string; details: Record<string, unknown> },
): Promise<void> {
  if (!isProductDomain(organization.domain, options.productDomain)) {
    throw new ForbiddenError(
      `Only organisations on ${options.productDomain} can be deleted from the app.`,
    );
  }
  await db.transaction(async (tx) => {
    await deleteOrganization(tx, organization.id);
    await recordAuditEvent(tx, {
      action: 'organization.deleted',
      organizationId: organization.id,
      actor,
      details: { ...options.details, domain: organization.domain },
    });
  });
}

const ALREADY_REGISTERED = 'Your organisation is already registered.';

/** Marks a registering organisation registered, once. */
export async function completeRegistration(
  db: Db,
  actor: AuditActor,
  organization: Organization & { status: 'PENDING' | 'REGISTERED' },
  details: Record<string, unknown>,
): Promise<void> {
  if (organization.status !== 'PENDING') throw new ConflictError(ALREADY_REGISTERED);
  await db.transaction(async (tx) => {
    if (!(await markRegistered(tx, organization.id))) throw new ConflictError(ALREADY_REGISTERED);
    await recordAuditEvent(tx, {
      action: 'organization.registered',
      organizationId: organization.id,
      actor,
      details: { ...details, domain: organization.domain },
    });
  });
}
