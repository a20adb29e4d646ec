// The sample report a demo organisation is given when its domain cannot be scanned (`.example`):
// a real scan, recorded once by `npm run sample-report:record`, of a zone of the scanner's test
// fixtures (packages/scanner/test/fixtures/world.ts), kept in sample-report.json. It is never a
// finding about a real organisation, and it exists only with demo data on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ScanReport, scanReport } from '@castellan/contract';
import { z } from 'zod';

export const SAMPLE_REPORT_FILE = path.join(import.meta.dirname, 'sample-report.json');

/** The data file: what it is, the zone it was recorded from, and the report. */
export const sampleReportFile = z.object({
  note: z.string(),
  zone: z.string(),
  report: scanReport,
});
export type SampleReportFile = z.infer<typeof sampleReportFile>;

/** The recorded report, checked against the contract. */
export function loadSampleReport(file = SAMPLE_REPORT_FILE): ScanReport {
  return sampleReportFile.parse(JSON.parse(readFileSync(file, 'utf8'))).report;
}
