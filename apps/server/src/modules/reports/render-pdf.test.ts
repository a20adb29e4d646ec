import { beforeAll, describe, expect, it } from 'vitest';
import { pdfFacts, pdfText } from '../../../test/pdf-text';
import { renderReportPdf } from './render-pdf';
import { longTestReport, testReport } from './test-report';

/** The text with every run of white space made one space: lines wrap where pdfkit chose. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderReportPdf', () => {
  let file: Buffer;
  let text: string;
  beforeAll(async () => {
    file = await renderReportPdf(testReport(), { sharedUntil: new Date('2026-12-15T10:00:00Z') });
    text = flat(await pdfText(file));
  });

  it('is a PDF of A4 pages with its title, author and creation date', async () => {
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { info, pages } = await pdfFacts(file);
    expect(info.Title).toBe('Security report — Acme <script>alert(1)</script> & Sons');
    expect(info.Author).toBe('Castellan');
    expect(info.CreationDate).toBe('D:20261201093000Z');
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(595.28, 1);
      expect(page.height).toBeCloseTo(841.89, 1);
    }
  });

  it('says what the HTML says: name, score, coverage, answers, evidence, tasks', () => {
    expect(text).toContain('Security report — Acme <script>alert(1)</script> & Sons');
    expect(text).toContain('acme.example · Generated 1 Dec 2026');
    expect(text).toContain('Shared read-only until 15 Dec 2026');
    expect(text).toContain('72.5 out of 100 · Grade B');
    expect(text).toContain('Identity and accounts: 30.3 of 40 points');
    expect(text).toContain('Two-step sign-in: 38 of 40 people');
    expect(text).toContain('Devices reporting: 12 of 14');
    expect(text).toContain('Yes 1 · Partly 1 · No 1 · Unknown 0');
    expect(text).toContain(
      'Is multi-factor authentication enforced for all e-mail accounts? Answer: Partly',
    );
    expect(text).toContain('Do you have an incident response plan? Answer: No');
    expect(text).toContain(
      'Two-step sign-in: 38 of 40 people, Google Workspace, checked 30 Nov 2026',
    );
    expect(text).toContain('Incident response plan: not done, not checked yet');
    expect(text).toContain('Turn on two-step sign-in: 38 of 40 done');
    expect(text).toContain('Remote access VPN — We have no <VPN> & no office');
  });

  it('marks stale evidence, and only that', () => {
    expect(text).toContain(
      'Offline backups: done, Marked by hand, checked 2 Mar 2026 (stale: older than 90 days)',
    );
    expect(text.match(/\(stale: /g)).toHaveLength(1);
  });

  it('numbers its pages', () => {
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
  });

  it('breaks a long report over pages, each numbered of the total', async () => {
    const long = await renderReportPdf(longTestReport(27));
    const pages = (await pdfText(long)).split('\n\n');
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(flat(pages.join(' '))).toContain('Question essentials 27: are the safeguards');
  });

  it('shows a question mark for what Helvetica cannot draw, rather than failing', async () => {
    const report = testReport();
    report.organization.name = 'Łódź Café 😀 東京 “Ltd”';
    const shown = flat(await pdfText(await renderReportPdf(report)));
    expect(shown).toContain('Security report — Lódz Café ? ?? “Ltd”');
  });
});
