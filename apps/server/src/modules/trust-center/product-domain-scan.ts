import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BackgroundScans } from '../risk-analysis/background-scans';
import { findLatestPublicReport } from '../risk-analysis/repository';
import { recentPublicScan } from '../risk-analysis/service';

/*
 * The trust center's live grade: the product's own domain (TRUST_CENTER_DOMAIN) is scanned as
 * any public domain is, by the domain-scan jobs, and the page shows the latest finished report.
 */

const DAY_MS = 86_400_000;

/** Whether a scan is due at start: the domain is set and has no report younger than a day. */
export async function productDomainScanDue(db: Db, config: Config): Promise<boolean> {
  const { domain } = config.trustCenter;
  if (!domain) return false;
  const latest = await findLatestPublicReport(db, domain);
  return !latest || Date.now() - latest.finishedAt.getTime() > DAY_MS;
}

/** Queues a public scan of the product's domain, unless one of the last hour ran or runs. */
export async function scanProductDomain(
  db: Db,
  config: Config,
  scans: BackgroundScans,
): Promise<Record<string, unknown>> {
  const { domain } = config.trustCenter;
  if (!domain) return { skipped: 'TRUST_CENTER_DOMAIN is not set' };
  const recent = await recentPublicScan(db, domain);
  if (recent && recent.state !== 'failed') {
    return { skipped: 'scanned within the hour', scanId: recent.id };
  }
  const scan = await scans.start({ domain, organizationId: null, requestedById: null });
  return { domain, scanId: scan.id };
}
