// Records the demo organisations' sample report: the real scanner of packages/scanner, run
// against smallco.test, a zone of its test fixtures (DNS, web and mail servers on this machine,
// see packages/scanner/test/fixtures/world.ts). Used by record-sample-report.ts and by the test
// that keeps the recorded file in step with the scanner.
import type { ScanReport } from '@castellan/contract';
import { scanDomain } from '@castellan/scanner';
import { startScanFixtures } from '@castellan/scanner/fixtures';
import type { SampleReportFile } from '../src/demo/sample-report';

/** A small company's zone, half set up (see world.ts): a realistic mix of findings. */
export const SAMPLE_ZONE = 'smallco.test';

export const SAMPLE_NOTE =
  `A real scan by packages/scanner of ${SAMPLE_ZONE}, a test zone of the scanner's fixtures ` +
  '(packages/scanner/test/fixtures/world.ts) served on the recording machine: not any real ' +
  'organisation. Given to demo organisations whose domain cannot be scanned, with demo data on ' +
  'only. Re-record with `npm run sample-report:record`.';

/** Scans the sample zone now, on fixtures started for it and closed after. */
export async function recordSampleReport(): Promise<ScanReport> {
  const fixtures = await startScanFixtures();
  try {
    return await scanDomain(SAMPLE_ZONE, fixtures.options);
  } finally {
    await fixtures.close();
  }
}

export async function recordSampleFile(): Promise<SampleReportFile> {
  return { note: SAMPLE_NOTE, zone: SAMPLE_ZONE, report: await recordSampleReport() };
}
