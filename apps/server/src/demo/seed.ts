// The demo data a fresh `npm start` shows (DEMO_DATA, on by default outside production): the
// demo organisations and people (db/demo-data.ts), then the sample report of each one whose
// domain cannot be scanned.
import { parsePublicDomain } from '@castellan/contract';
import { SCAN_CHECK_COUNT } from '@castellan/scanner';
import type { Db } from '../db/client';
import { seedDemoData } from '../db/demo-data';
import { listDemoOrganizations, lockOrganization } from '../modules/organizations/repository';
import { insertSampleScan } from '../modules/risk-analysis/repository';
import { loadSampleReport } from './sample-report';

/** Seeds the demo data; resolves to whether the organisations were created now. */
export async function seedDemo(db: Db, productDomain: string): Promise<boolean> {
  const created = await seedDemoData(db, productDomain);
  await seedSampleReports(db);
  return created;
}

/**
 * Gives each registered demo organisation on a domain that cannot be scanned (`.example`,
 * `.test`) and that has no scan yet the sample report as a finished scan, marked `sample`. It is
 * only ever shown as a sample: it records no task evidence and feeds no attack graph, breach
 * cost, score history or digest. Seeding again adds nothing; once the organisation has a scan of
 * its own, the sample is no longer shown.
 */
export async function seedSampleReports(db: Db, at = new Date()): Promise<number> {
  const unscannable = (await listDemoOrganizations(db)).filter(
    // A registering organisation starts with a scan of its own domain (the registration's
    // first step), which must not be hidden behind a sample.
    (org) => org.status === 'REGISTERED' && !parsePublicDomain(org.domain).ok,
  );
  if (unscannable.length === 0) return 0;
  const report = loadSampleReport();
  let given = 0;
  for (const org of unscannable) {
    await db.transaction(async (tx) => {
      await lockOrganization(tx, org.id);
      const row = await insertSampleScan(tx, {
        organizationId: org.id,
        report,
        checksTotal: SCAN_CHECK_COUNT,
        at,
      });
      if (row) given += 1;
    });
  }
  return given;
}
