import type { ReadinessResponse, ReportShare } from '@castellan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { type ApiCall, fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import ReadinessPage from './ReadinessPage';

const today = new Date().toISOString();
const longAgo = new Date(Date.now() - 200 * 86_400_000).toISOString();
const BEN_MFA = 'enable-mfa:00000000-0000-4000-8000-000000000001';

const insurance: ReadinessResponse = {
  set: 'insurance',
  name: 'Cyber insurance application',
  version: '2026.1',
  generatedAt: today,
  counts: { yes: 1, partly: 1, no: 0, unknown: 0 },
  items: [
    {
      id: 'mfa-email',
      text: 'Is multi-factor authentication required for all e-mail accounts?',
      answer: 'partly',
      evidence: [
        {
          catalogueId: 'enable-mfa',
          title: 'Turn on two-step sign-in',
          source: 'Google Workspace',
          checkedAt: today,
          covered: 38,
          total: 40,
          unit: 'people',
          stale: false,
        },
      ],
      todo: [
        {
          catalogueId: 'enable-mfa',
          title: 'Turn on two-step sign-in',
          taskId: BEN_MFA,
          done: 38,
          total: 40,
        },
      ],
      notApplicable: [],
    },
    {
      id: 'backups',
      text: 'Do you keep offline or immutable backups, tested in the last year?',
      answer: 'yes',
      evidence: [
        {
          catalogueId: 'test-backups',
          title: 'Test a restore from backup',
          source: 'Marked by hand',
          checkedAt: longAgo,
          covered: 1,
          total: 1,
          unit: 'organisation',
          stale: true,
        },
      ],
      todo: [],
      notApplicable: [{ title: 'Back up servers', reason: 'We run no servers of our own.' }],
    },
  ],
};

const cis: ReadinessResponse = {
  ...insurance,
  set: 'cis-ig1',
  name: 'CIS Controls v8 IG1',
  version: 'v8',
  counts: { yes: 0, partly: 0, no: 0, unknown: 0 },
  items: [],
};

const share = (over: Partial<ReportShare> = {}): ReportShare => ({
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-03-01T10:00:00Z',
  createdBy: 'Alice Morgan',
  expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  revokedAt: null,
  opens: 2,
  lastOpenedAt: today,
  ...over,
});

function serve(shares: ReportShare[] = []) {
  let listed = shares;
  return fakeApi({
    'GET /readiness/insurance': reply(insurance),
    'GET /readiness/cis-ig1': reply(cis),
    'GET /report-shares': () => reply({ shares: listed }),
    'POST /report-shares': (call: ApiCall) => {
      const created = share({
        id: '22222222-2222-4222-8222-222222222222',
        createdAt: today,
        opens: 0,
        lastOpenedAt: null,
      });
      listed = [...listed, created];
      expect(call.body).toEqual({ days: 7 });
      return reply(
        {
          share: created,
          url: 'http://localhost/shared/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
        },
        201,
      );
    },
    'DELETE /report-shares/11111111-1111-4111-8111-111111111111': () => {
      listed = listed.map((s) => ({ ...s, revokedAt: today }));
      return reply({ share: listed[0] });
    },
  });
}

describe('the readiness page', () => {
  it('shows the insurance questions with their answers, evidence and what is left to do', async () => {
    serve();
    renderWithApp(<ReadinessPage />, { path: '/readiness' });
    const questions = await screen.findByRole('list', {
      name: 'Questions: Cyber insurance application',
    });
    expect(screen.getByText('Question set 2026.1', { exact: false })).toBeVisible();
    expect(screen.getByText('Yes 1 · Partly 1 · No 0 · Unknown 0')).toBeVisible();

    const mfa = within(questions).getByRole('listitem', {
      name: 'Is multi-factor authentication required for all e-mail accounts?',
    });
    expect(within(mfa).getByText('Partly')).toBeVisible();
    expect(mfa).toHaveTextContent('Answer: Partly');
    expect(
      within(mfa).getByText(
        'Turn on two-step sign-in: 38 of 40 people, Google Workspace, checked today',
      ),
    ).toBeVisible();
    expect(within(mfa).getByRole('link', { name: 'Turn on two-step sign-in' })).toHaveAttribute(
      'href',
      `/tasks/${encodeURIComponent(BEN_MFA)}`,
    );
    expect(mfa).toHaveTextContent('(38 of 40 done)');

    const backups = within(questions).getByRole('listitem', { name: /offline or immutable/ });
    expect(backups).toHaveTextContent('Answer: Yes');
    expect(backups).toHaveTextContent(
      'Test a restore from backup: done, Marked by hand, checked on',
    );
    expect(within(backups).getByText('Stale')).toBeVisible();
    expect(backups).toHaveTextContent('Back up servers: We run no servers of our own.');
    expect(within(backups).queryByRole('link')).toBeNull();

    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/api/reports/assurance.pdf',
    );
    expect(screen.getByRole('link', { name: 'Open as HTML' })).toHaveAttribute(
      'href',
      '/api/reports/assurance.html',
    );
  });

  it('opens the set the address names and keeps the one chosen in it', async () => {
    const api = serve();
    window.history.replaceState(null, '', '/readiness?set=cis-ig1');
    const { user } = renderWithApp(<ReadinessPage />, { path: '/readiness?set=cis-ig1' });
    expect(await screen.findByRole('tab', { name: 'CIS Controls v8 IG1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('There are no questions in this set yet.')).toBeVisible();
    expect(api.callsTo('GET /readiness/insurance')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Cyber insurance application' }));
    await screen.findByRole('list', { name: 'Questions: Cyber insurance application' });
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: 'CIS Controls v8 IG1' }));
    expect(window.location.search).toBe('?set=cis-ig1');
  });

  it('creates a share link and shows its address once, to copy', async () => {
    serve();
    const { user } = renderWithApp(<ReadinessPage />, { path: '/readiness' });
    expect(await screen.findByText(/No links yet/)).toBeVisible();
    const days = screen.getByRole('spinbutton', { name: 'Days until it expires' });
    expect(days).toHaveValue(14);

    await user.clear(days);
    await user.type(days, '91');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByText('Choose a whole number of days from 1 to 90.')).toBeVisible();

    await user.clear(days);
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const created = await screen.findByRole('status', { name: /Link created/ });
    expect(created).toHaveTextContent('it will not be shown again');
    expect(within(created).getByRole('textbox', { name: 'Read-only link' })).toHaveValue(
      'http://localhost/shared/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    expect(within(created).getByRole('button', { name: 'Copy the link' })).toBeVisible();

    const links = await screen.findByRole('list', { name: 'Share links' });
    expect(within(links).getByText('Active')).toBeVisible();
    expect(links).toHaveTextContent('Never opened');
  });

  it('revokes a link once the administrator confirms', async () => {
    const api = serve([share()]);
    const { user } = renderWithApp(
      <>
        <ReadinessPage />
        <ConfirmHost />
      </>,
      { path: '/readiness' },
    );
    const links = await screen.findByRole('list', { name: 'Share links' });
    const link = within(links).getByRole('listitem');
    expect(link).toHaveTextContent('Created Mar 1, 2026 by Alice Morgan');
    expect(link).toHaveTextContent('Opened 2 times, last just now');

    await user.click(
      within(link).getByRole('button', { name: 'Revoke the link created on Mar 1, 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(api.callsTo('DELETE /report-shares/11111111-1111-4111-8111-111111111111')).toHaveLength(
      0,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(within(links).getByText('Revoked')).toBeVisible());
    expect(api.callsTo('DELETE /report-shares/11111111-1111-4111-8111-111111111111')).toHaveLength(
      1,
    );
    expect(within(links).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says so when the answers cannot be loaded', async () => {
    fakeApi({
      'GET /readiness/insurance': reply({ error: 'Something broke' }, 500),
      'GET /report-shares': reply({ shares: [] }),
    });
    renderWithApp(<ReadinessPage />, { path: '/readiness' });
    expect(
      await screen.findByText('Could not load the answers', {}, { timeout: 15_000 }),
    ).toBeVisible();
  });
});
