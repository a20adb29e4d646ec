import type { AssuranceReport } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import SharedReportPage from './SharedReportPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const report: AssuranceReport = {
  organization: { name: 'Brightwave <Ltd>', domain: 'brightwave.example' },
  generatedAt: '2026-03-02T09:00:00Z',
  score: {
    value: 72.5,
    grade: 'C',
    parts: [
      { part: 'Identity and accounts', earned: 20, possible: 25 },
      { part: 'Devices', earned: 10.5, possible: 25 },
    ],
  },
  readiness: [
    {
      set: 'insurance',
      name: 'Cyber insurance application',
      version: '2026.1',
      generatedAt: '2026-03-02T09:00:00Z',
      counts: { yes: 0, partly: 0, no: 1, unknown: 0 },
      items: [
        {
          id: 'ir-plan',
          text: 'Do you have a written incident response plan?',
          answer: 'no',
          evidence: [],
          todo: [
            {
              catalogueId: 'incident-plan',
              title: 'Write an incident response plan',
              taskId: 'incident-plan:00000000-0000-4000-8000-000000000002',
              done: 0,
              total: 1,
            },
          ],
          notApplicable: [],
        },
      ],
    },
  ],
  coverage: {
    people: 40,
    peopleWithTwoStep: 38,
    devices: 14,
    devicesReporting: 12,
    devicesEncrypted: 10,
  },
  staleAfterDays: 90,
};

const open = () =>
  renderWithApp(
    <Routes>
      <Route path="/shared/:token" element={<SharedReportPage />} />
    </Routes>,
    { path: `/shared/${TOKEN}` },
  );

describe('a shared report', () => {
  it('shows the report read-only, with its PDF and until when it is shared', async () => {
    fakeApi({
      [`GET /shared-reports/${TOKEN}`]: reply({ report, expiresAt: '2026-03-16T09:00:00Z' }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Security report — Brightwave <Ltd>' }),
    ).toBeVisible();
    expect(screen.getByText(/shared read-only until Mar 16, 2026/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/shared-reports/${TOKEN}/pdf`,
    );
    expect(screen.getByRole('img', { name: 'Cyber score grade C' })).toBeVisible();
    const coverage = screen.getByRole('region', { name: 'Coverage' });
    expect(coverage).toHaveTextContent('Two-step sign-in38 of 40 people');
    expect(coverage).toHaveTextContent('Encrypted devices10 of 14 devices');

    const question = screen.getByRole('listitem', {
      name: 'Do you have a written incident response plan?',
    });
    expect(question).toHaveTextContent('Answer: No');
    // Read-only: the tasks are named, not linked, and nothing can be changed.
    expect(question).toHaveTextContent('Write an incident response plan (0 of 1 done)');
    expect(within(question).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives the server’s reason when the link no longer opens', async () => {
    fakeApi({
      [`GET /shared-reports/${TOKEN}`]: reply({ error: 'This share link was revoked.' }, 410),
    });
    open();
    expect(await screen.findByText('This share link was revoked.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Shared report' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it('says so for a link nobody created', async () => {
    fakeApi({ [`GET /shared-reports/${TOKEN}`]: reply({ error: 'No such share link.' }, 404) });
    open();
    expect(await screen.findByText('No such share link.')).toBeVisible();
    expect(screen.getByText('Ask whoever sent you the link for a new one.')).toBeVisible();
  });
});
