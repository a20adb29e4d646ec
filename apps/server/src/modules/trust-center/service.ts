import {
  lowGradesToConfirm,
  NO_TRUST_PAGE,
  type OrganizationTrustPage,
  parsePublicDomain,
  type TrustCenterResponse,
  type TrustPageChoices,
  type TrustPageSettings,
  type updateTrustPageRequest,
} from '@castellan/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { findLatestPublicReport } from '../risk-analysis/repository';
import { latestAnalysisSummary } from '../risk-analysis/service';
import { organizationScore } from '../score/service';
import { renderBadge } from './badge';
import { INTEGRATION_ACCESS } from './integration-access';
import {
  findPublishedTrustPage,
  findTrustPage,
  saveTrustPage,
  type TrustPageRow,
} from './repository';

/** The latest real grade of the product's own domain, if it has been scanned and graded. */
async function productDomainReport(db: Db, domain: string | null) {
  if (!domain) return null;
  const latest = await findLatestPublicReport(db, domain);
  if (!latest?.report.grade) return null;
  return { domain, grade: latest.report.grade, scannedAt: latest.finishedAt.toISOString() };
}

/** Castellan's own trust page. */
export async function trustCenter(db: Db, config: Config): Promise<TrustCenterResponse> {
  return {
    securityContact: config.trustCenter.securityContact,
    sessions: {
      idleMinutes: Math.round(config.session.idleMs / 60_000),
      maxHours: Math.round(config.session.maxAgeMs / 3_600_000),
    },
    integrations: [...INTEGRATION_ACCESS],
    subprocessors: config.trustCenter.subprocessors,
    productDomainReport: await productDomainReport(db, config.trustCenter.domain),
  };
}

/** An organisation's page is off, showing no grade, until an administrator saves it. */
const UNSAVED: TrustPageChoices = {
  published: false,
  showDomainReport: false,
  showCyberScore: false,
  practices: [],
};

const choicesOf = (row: TrustPageRow | null): TrustPageChoices =>
  row
    ? {
        published: row.published,
        showDomainReport: row.showDomainReport,
        showCyberScore: row.showCyberScore,
        practices: row.practices,
      }
    : UNSAVED;

/** The latest real finished scan of the organisation's own domain: never a demo's stored sample. */
async function realDomainReport(db: Db, organization: { id: string; domain: string }) {
  const analysis = await latestAnalysisSummary(db, organization.id);
  // Only a scan of the page's own domain gives it a grade (samples are never the latest).
  const real = analysis && analysis.domain === organization.domain;
  return real && analysis.grade ? { grade: analysis.grade, scannedAt: analysis.scannedAt } : null;
}

/** The grades visitors would see now, if the page showed them. */
async function gradesNow(
  db: Db,
  organization: { id: string; domain: string },
): Promise<TrustPageSettings['grades']> {
  const [report, score] = await Promise.all([
    realDomainReport(db, organization),
    organizationScore(db, organization.id),
  ]);
  return { cyberScore: score.grade, domainReport: report?.grade ?? null };
}

export async function trustPageSettings(db: Db, organization: { id: string; domain: string }) {
  const [row, grades] = await Promise.all([
    findTrustPage(db, organization.id),
    gradesNow(db, organization),
  ]);
  return { ...choicesOf(row), grades };
}

/**
 * Saves the page. Showing a grade below C needs `confirmLowGrade`. Publishing, unpublishing and
 * choosing which grades to show are recorded in the audit log.
 */
export async function updateTrustPageSettings(
  db: Db,
  actor: AuditActor,
  organization: { id: string; domain: string },
  request: z.output<typeof updateTrustPageRequest>,
  details: Record<string, unknown>,
): Promise<TrustPageSettings> {
  const { confirmLowGrade = false, ...choices } = request;
  const grades = await gradesNow(db, organization);
  const saved = await db.transaction(async (tx) => {
    const before = choicesOf(await findTrustPage(tx, organization.id));
    const low = lowGradesToConfirm(before, choices, grades);
    if (low.length > 0 && !confirmLowGrade) {
      const what = low.map((g) => `the ${g.name} ${g.grade}`).join(' and ');
      throw new BadRequestError(
        `Visitors would see ${what}, below C. Confirm that you want to show it (confirmLowGrade).`,
      );
    }
    const after = choicesOf(await saveTrustPage(tx, organization.id, choices));
    const audit = (action: string, more: Record<string, unknown> = {}) =>
      recordAuditEvent(tx, {
        action,
        organizationId: organization.id,
        actor,
        details: { ...details, ...more, domain: organization.domain },
      });
    if (before.published !== after.published) {
      await audit(after.published ? 'trust_page.published' : 'trust_page.unpublished');
    }
    if (
      before.showCyberScore !== after.showCyberScore ||
      before.showDomainReport !== after.showDomainReport
    ) {
      await audit('trust_page.grades_changed', {
        showCyberScore: after.showCyberScore,
        showDomainReport: after.showDomainReport,
        confirmedLowGrade: low.length > 0,
      });
    }
    return after;
  });
  return { ...saved, grades };
}

/**
 * The page an organisation published, with only what it chose to show. Anything else (a domain
 * that is malformed, unknown, or whose page is not published) is the same 404.
 */
export async function organizationTrustPage(db: Db, typed: string): Promise<OrganizationTrustPage> {
  // Only a lookup, never a scan: reserved names (the demo organisations' .example) are fine.
  const parsed = parsePublicDomain(typed, { allowReserved: true });
  const page = parsed.ok ? await findPublishedTrustPage(db, parsed.domain) : null;
  if (!page) throw new NotFoundError(NO_TRUST_PAGE);
  const organization = { id: page.organizationId, domain: page.domain };
  const [domainReport, score] = await Promise.all([
    page.showDomainReport ? realDomainReport(db, organization) : null,
    page.showCyberScore ? organizationScore(db, page.organizationId) : null,
  ]);
  return {
    domain: page.domain,
    domainReport,
    cyberScore: score ? { grade: score.grade } : null,
    practices: page.practices,
    updatedAt: page.updatedAt.toISOString(),
  };
}

/**
 * The badge of an organisation's domain grade, for its own website: only while its trust page is
 * published with the domain report shown (the administrator's opt-in, and nothing the page does
 * not show already). It links nowhere itself; the embedding code wraps it in a link to the page.
 */
export async function domainBadge(db: Db, typed: string, now = new Date()): Promise<string> {
  const parsed = parsePublicDomain(typed, { allowReserved: true });
  const page = parsed.ok ? await findPublishedTrustPage(db, parsed.domain) : null;
  if (!page?.showDomainReport) throw new NotFoundError(NO_TRUST_PAGE);
  const report = await realDomainReport(db, { id: page.organizationId, domain: page.domain });
  return renderBadge({
    domain: page.domain,
    grade: report?.grade ?? null,
    scannedAt: report ? new Date(report.scannedAt) : null,
    now,
  });
}
