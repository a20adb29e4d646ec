import type { DomainScan, ScanFinding, ScanReport } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { LatestAnalysis } from './LatestAnalysis';

const MARK = 'Sample report of smallco.test — not your domain';

const finding = (id: string, status: ScanFinding['status']): ScanFinding => ({
  id,
  check: id.split('.')[0] ?? id,
  area: 'email-authentication',
  status,
  severity: 'High',
  title: `Finding ${id}`,
  evidence: 'what the scanner saw',
  recommendation: status === 'fail' ? 'Fix it' : null,
  taskId: null,
});

const report = (domain: string): ScanReport => ({
  domain,
  webHost: null,
  scannedAt: '2026-11-21T09:30:00.000Z',
  durationMs: 1000,
  score: 70,
  grade: 'C',
  caps: [{ grade: 'C', findingId: 'dmarc.policy-none', reason: 'DMARC only monitors' }],
  areas: [
    {
      area: 'email-authentication',
      title: 'E-mail authentication',
      score: 70,
      checksTested: 2,
      checksNotTested: 0,
    },
  ],
  findings: [finding('dmarc.policy-none', 'fail'), finding('spf.ok', 'pass')],
});

const scan = (domain: string, sample: boolean): DomainScan => ({
  id: '5c0e7f9e-1d7a-4c1b-8d3e-0a4b2c6d8e03',
  domain,
  state: 'done',
  checksDone: 21,
  checksTotal: 21,
  startedAt: '2026-11-21T09:29:00.000Z',
  finishedAt: '2026-11-21T09:30:00.000Z',
  error: null,
  report: report(domain),
  sample,
});

const show = (latest: DomainScan, isAdmin: boolean, onScan = vi.fn()) => {
  renderWithApp(
    <LatestAnalysis
      analysis={{ domain: 'brightwave.example', latest, history: [] }}
      isAdmin={isAdmin}
      onScan={onScan}
    />,
  );
  return onScan;
};

describe('the latest analysis', () => {
  it('marks every part of a sample report as a sample, in the element itself', () => {
    show(scan('smallco.test', true), false);
    const findings = document.querySelectorAll('[data-finding]');
    expect(findings).toHaveLength(2);
    for (const f of findings) expect(f).toHaveTextContent(MARK);
    for (const area of document.querySelectorAll('[data-area]')) {
      expect(area).toHaveTextContent(MARK);
    }
    expect(screen.getByText(/problem found on smallco\.test/).parentElement).toHaveTextContent(
      MARK,
    );
    expect(
      screen.getByText('Why the grade is held down').closest('[role="alert"]'),
    ).toHaveTextContent(MARK);
    // A member may read it, but has no scan to start.
    expect(screen.queryByRole('button', { name: 'Scan your domain' })).toBeNull();
  });

  it('offers an administrator to scan the domain from the sample banner', async () => {
    const onScan = show(scan('smallco.test', true), true);
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent('not of your own domain brightwave.example');
    within(banner).getByRole('button', { name: 'Scan your domain' }).click();
    expect(onScan).toHaveBeenCalledOnce();
  });

  it('says nothing of a sample in a report of the organisation’s own', () => {
    show(scan('brightwave.example', false), true);
    expect(document.querySelectorAll('[data-finding]')).toHaveLength(2);
    expect(screen.queryByText(/sample/i)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
