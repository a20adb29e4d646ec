import { type ScanReport, scanReport } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { recordSampleFile, SAMPLE_ZONE } from '../scripts/sample-recording';
import { loadSampleReport, SAMPLE_REPORT_FILE } from '../src/demo/sample-report';

/** A report without what changes from one recording to the next: times and day counts. */
const timeless = (report: ScanReport) => {
  const { scannedAt: _scannedAt, durationMs: _durationMs, observed, ...rest } = report;
  const certificate = observed?.certificate;
  return {
    ...rest,
    observed: observed && {
      ...observed,
      certificate: certificate && { ...certificate, notAfter: '<date>' },
    },
    findings: report.findings.map((f) => ({
      ...f,
      evidence: f.evidence
        .replace(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?/g, '<date>')
        .replace(/\d+ days? left/g, '<n> days left'),
    })),
  };
};

describe('the sample report', () => {
  it('is a scan report by the contract, of the test zone', () => {
    const report = loadSampleReport();
    expect(scanReport.safeParse(report).success).toBe(true);
    expect(report.domain).toBe(SAMPLE_ZONE);
    expect(report.findings.some((f) => f.status === 'fail')).toBe(true);
  });

  it('is what the scanner finds in the test zone today (re-record it when this fails)', async () => {
    const recorded = loadSampleReport(SAMPLE_REPORT_FILE);
    const now = await recordSampleFile();
    expect(now.zone).toBe(SAMPLE_ZONE);
    expect(timeless(now.report)).toEqual(timeless(recorded));
  });
});
