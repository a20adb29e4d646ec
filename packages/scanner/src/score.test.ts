import type { ScanFinding } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { type CheckId, fail, notTested, pass } from './checks';
import { gradeFor, scoreFindings } from './score';

const ok = (check: CheckId) => pass(check, 'ok', { title: 't', evidence: 'e' });
const bad = (check: CheckId, outcome: string, severity: ScanFinding['severity']) =>
  fail(check, outcome, severity, { title: 't', evidence: 'e', recommendation: 'r' });

describe('scoreFindings', () => {
  it('deducts by severity inside each area and averages the areas', () => {
    const result = scoreFindings([
      bad('spf', 'weak-all', 'High'), // e-mail authentication 100 − 20
      bad('dkim', 'missing', 'Medium'), //                     − 10 = 70
      ok('mx'), // e-mail transport 100
      bad('caa', 'missing', 'Low'), // DNS 95
      ok('https'), // web TLS 100
      bad('csp', 'missing', 'Medium'), // web headers 90
    ]);
    expect(result.areas.map((a) => a.score)).toEqual([70, 100, 95, 100, 90]);
    expect(result.score).toBe(91);
    expect(result.grade).toBe('A');
    expect(result.caps).toEqual([]);
  });

  it('leaves out what could not be tested, and areas with nothing tested', () => {
    const result = scoreFindings([
      ok('spf'),
      notTested('starttls', 'port 25 is blocked'),
      bad('csp', 'missing', 'Medium'),
    ]);
    expect(result.areas.find((a) => a.area === 'email-transport')).toMatchObject({
      score: null,
      checksTested: 0,
      checksNotTested: 1,
    });
    expect(result.score).toBe(95);
    expect(scoreFindings([notTested('spf', 'timeout')])).toMatchObject({
      score: null,
      grade: null,
    });
  });

  it('never goes below 0 in an area', () => {
    const result = scoreFindings([
      bad('certificate', 'expired', 'Critical'),
      bad('https', 'x', 'Critical'),
      bad('hsts', 'missing', 'High'),
    ]);
    expect(result.areas.find((a) => a.area === 'web-tls')?.score).toBe(0);
  });

  it('caps the grade for outages, and lists only the caps that lowered it', () => {
    const result = scoreFindings([
      ok('spf'),
      ok('dmarc'),
      ok('mx'),
      ok('caa'),
      ok('csp'),
      bad('certificate', 'expired', 'Critical'),
      bad('tls-versions', 'legacy', 'High'),
    ]);
    expect(result.score).toBe(88); // web TLS 40, others 100
    expect(result.grade).toBe('D');
    // The score alone gives B, so the B cap of TLS 1.0 changes nothing.
    expect(result.caps.map((c) => [c.grade, c.findingId])).toEqual([['D', 'certificate.expired']]);
  });

  it('caps at C when there is neither SPF nor DMARC', () => {
    const result = scoreFindings([
      bad('spf', 'missing', 'High'),
      bad('dmarc', 'missing', 'High'),
      ...(['mx', 'caa', 'https', 'csp'] as CheckId[]).map(ok),
    ]);
    expect(result.score).toBe(92);
    expect(result.grade).toBe('C');
    expect(result.caps[0]?.reason).toMatch(/neither SPF nor DMARC/);
  });

  it('maps scores to grades', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 50, 49, 0].map(gradeFor).join('')).toBe(
      'AABBCCDDEEFF',
    );
  });
});
