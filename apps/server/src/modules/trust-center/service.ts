import {
  NO_TRUST_PAGE,
  type OrganizationTrustPage,
  parsePublicDomain,
  type TrustCenterResponse,
  type TrustPageSettings,
} from '@castellan/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { AuditActor } from '../audit/actor';
import { recordAuditEvent } from '../audit/repository';
import { findLatestPublicReport } from '../risk-analysis/repository';
import { latestAnalysisSummary } from '../risk-analysis/service';
import { organizationScore } from '../score/service';
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

/** An organisation's page is off, showing both facts, until an administrator saves it. */
const UNSAVED: TrustPageSettings = {
  published: false,
  showDomainReport: true,
  showCyberScore: true,
  practices: [],
};

const settingsOf = (row: TrustPageRow | null): TrustPageSettings =>
  row
    ? {
        published: row.published,
        showDomainReport: row.showDomainReport,
        showCyberScore: row.showCyberScore,
        practices: row.practices,
      }
    : UNSAVED;

export async function trustPageSettings(db: Db, organizationId: string) {
  return settingsOf(await findTrustPage(db, organizationId));
}

/** Saves the page; publishing and unpublishing are recorded in the audit log. */
export async function updateTrustPageSettings(
  db: Db,
  actor: AuditActor,
  organization: { id: string; domain: string },
  settings: TrustPageSettings,
  details: Record<string, unknown>,
): Promise<TrustPageSettings> {
  return db.transaction(async (tx) => {
    const before = await findTrustPage(tx, organization.id);
    const saved = await saveTrustPage(tx, organization.id, settings);
    if ((before?.published ?? false) !== saved.published) {
      await recordAuditEvent(tx, {
        action: saved.published ? 'trust_page.published' : 'trust_page.unpublished',
        organizationId: organization.id,
        actor,
        details: { ...details, domain: organization.domain },
      });
    }
    return settingsOf(saved);
  });
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
  const [analysis, score] = await Promise.all([
    page.showDomainReport ? latestAnalysisSummary(db, page.organizationId) : null,
    page.showCyberScore ? organizationScore(db, page.organizationId) : null,
  ]);
  // A demo organisation's stored sample is not a scan of its domain: it is never shown as one.
  const real = analysis && !analysis.sample && analysis.domain === page.domain ? analysis : null;
  return {
    domain: page.domain,
    domainReport: real?.grade ? { grade: real.grade, scannedAt: real.scannedAt } : null,
    cyberScore: score ? { grade: score.grade } : null,
    practices: page.practices,
    updatedAt: page.updatedAt.toISOString(),
  };
}
