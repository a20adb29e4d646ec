import { describe, expect, it } from 'vitest';
import { renderReportHtml } from './render-html';
import { formatReportDate } from './report-text';
import { testReport } from './test-report';

describe('renderReportHtml', () => {
  const html = renderReportHtml(testReport());

  it('is one standalone document that loads and runs nothing', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<img|\ssrc=|\shref=|@import|url\(/i);
    expect(html).toContain("default-src 'none'");
  });

  it('escapes what organisations type: their name and their reasons', () => {
    expect(html).toContain(
      '<title>Security report — Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons</title>',
    );
    expect(html).toContain(
      '<h1>Security report — Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons</h1>',
    );
    expect(html).toContain('Remote access VPN — We have no &lt;VPN&gt; &amp; no office');
  });

  it('shows the domain, the day it was made, the score with its grade and parts, and coverage', () => {
    expect(html).toContain('acme.example · Generated 1 Dec 2026');
    expect(html).toContain('72.5 out of 100 · Grade B');
    expect(html).toContain('Identity and accounts: 30.3 of 40 points');
    expect(html).toContain('Devices: 20 of 30 points');
    expect(html).toContain('Two-step sign-in: 38 of 40 people');
    expect(html).toContain('Devices reporting: 12 of 14');
    expect(html).toContain('Devices encrypted: 11 of 14');
    expect(html).toContain('Evidence older than 90 days is marked stale.');
  });

  it('shows each set with its counts, and each question with its answer, evidence and tasks', () => {
    expect(html).toContain('Cyber insurance application');
    expect(html).toContain('Yes 1 · Partly 1 · No 1 · Unknown 0');
    expect(html).toContain('CIS Controls v8 IG1');
    expect(html).toContain('Yes 0 · Partly 0 · No 0 · Unknown 1');
    expect(html).toMatch(
      /Is multi-factor authentication enforced for all e-mail accounts\?<\/h3>\s*<p class="answer answer-partly">Answer: Partly<\/p>/,
    );
    expect(html).toContain('Answer: Yes');
    expect(html).toContain('Answer: No');
    expect(html).toContain('Answer: Unknown');
    expect(html).toContain(
      'Two-step sign-in: 38 of 40 people, Google Workspace, checked 30 Nov 2026',
    );
    expect(html).toContain('Incident response plan: not done, not checked yet');
    expect(html).toContain(
      'Firewall turned on: 12 of 12 people, Castellan agent, checked 29 Nov 2026',
    );
    expect(html).toContain('No evidence yet');
    expect(html).toContain('Turn on two-step sign-in: 38 of 40 done');
    expect(html).toContain('Write an incident response plan: 0 of 1 done');
  });

  it('marks stale evidence, and only that', () => {
    expect(html).toContain(
      'Offline backups: done, Marked by hand, checked 2 Mar 2026 <span class="stale">(stale: older than 90 days)</span>',
    );
    expect(html.match(/\(stale: /g)).toHaveLength(1);
  });

  it('says until when a shared report is shared, and only then', () => {
    expect(html).not.toContain('Shared read-only');
    const shared = renderReportHtml(testReport(), {
      sharedUntil: new Date('2026-12-15T10:00:00Z'),
    });
    expect(shared).toContain('Shared read-only until 15 Dec 2026');
  });

  it('says so when no device is enrolled', () => {
    const report = testReport();
    report.coverage = { ...report.coverage, devices: 0, devicesReporting: 0, devicesEncrypted: 0 };
    const page = renderReportHtml(report);
    expect(page).toContain('Devices: none enrolled');
    expect(page).not.toContain('Devices reporting');
  });
});

describe('formatReportDate', () => {
  it('writes the day in English in UTC', () => {
    expect(formatReportDate('2026-12-01T09:30:00.000Z')).toBe('1 Dec 2026');
    expect(formatReportDate('2026-09-30T23:30:00-02:00')).toBe('1 Oct 2026');
    expect(formatReportDate(new Date('2027-09-05T00:00:00Z'))).toBe('5 Sep 2027');
  });
});
