import type { ConnectedApp, ConnectedAppsResponse } from '@castellan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { ConnectedAppsSection } from './ConnectedAppsSection';

const G = 'https://www.googleapis.com/auth/';
const CRM: ConnectedApp = {
  suite: 'google',
  clientId: '408-crm.apps.googleusercontent.com',
  name: 'Acme CRM',
  publisher: null,
  scopes: [
    { scope: `${G}gmail.readonly`, words: 'Read all mail', class: 'mail' },
    { scope: 'openid', words: 'Sign in with the person’s account', class: 'sign-in' },
  ],
  reaches: ['mail', 'sign-in'],
  holdsMailOrFiles: true,
  people: 3,
  everyone: false,
  lastUsedAt: null,
  approved: null,
  removeUrl: 'https://admin.google.com/ac/owl/list?tab=apps',
};
const SCHEDULER: ConnectedApp = {
  ...CRM,
  suite: 'microsoft',
  clientId: '22222222-2222-4222-a222-222222222222',
  name: 'MeetSlot Scheduler',
  publisher: { name: 'MeetSlot Inc.', verified: true },
  scopes: [
    {
      scope: 'Calendars.ReadWrite',
      words: 'See, change and delete calendar events',
      class: 'calendar',
    },
  ],
  reaches: ['calendar'],
  holdsMailOrFiles: false,
  people: 0,
  everyone: true,
  approved: { by: 'alice.morgan@brightwave.example', at: '2026-11-20T10:00:00.000Z', note: null },
  removeUrl:
    'https://entra.microsoft.com/#view/Microsoft_AAD_IAM/ManagedAppMenuBlade/~/Overview/objectId/x/appId/y',
};
const LIST: ConnectedAppsResponse = {
  suites: [
    { suite: 'google', state: 'read', reason: null, readAt: '2026-11-24T08:00:00.000Z' },
    { suite: 'microsoft', state: 'read', reason: null, readAt: '2026-11-24T08:00:00.000Z' },
  ],
  apps: [CRM, SCHEDULER],
};

const show = () =>
  renderWithApp(
    <>
      <ConnectedAppsSection version="gws:2026-11-24" />
      <ConfirmHost />
    </>,
    { path: '/integrations' },
  );
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the apps with access', () => {
  it('lists each app with what it reaches in plain words, who granted it and its approval', async () => {
    fakeApi({ 'GET /connected-apps': reply(LIST) });
    show();
    const section = screen.getByRole('region', { name: 'Apps with access to company data' });
    expect(
      await within(section).findByRole('table', { name: 'Apps with access to company data' }),
    ).toBeVisible();

    const crm = rowOf('Acme CRM');
    expect(crm).toHaveTextContent('Google Workspace · publisher not reported');
    expect(crm).toHaveTextContent('Read all mail; Sign in with the person’s account');
    expect(crm).toHaveTextContent('3 people');
    expect(crm).toHaveTextContent('Last use not reported by Google');
    expect(within(crm).getByText('Not approved')).toBeVisible();
    expect(
      within(crm).getByRole('link', { name: 'Remove Acme CRM in Google (opens in a new tab)' }),
    ).toHaveAttribute('href', CRM.removeUrl);

    const scheduler = rowOf('MeetSlot Scheduler');
    expect(scheduler).toHaveTextContent('MeetSlot Inc.');
    expect(within(scheduler).getByText('Verified publisher')).toBeVisible();
    expect(scheduler).toHaveTextContent('Everyone (an administrator consented)');
    expect(scheduler).toHaveTextContent(
      'Approved by alice.morgan@brightwave.example on Nov 20, 2026',
    );
    expect(
      within(scheduler).getByRole('button', { name: 'Remove the approval of MeetSlot Scheduler' }),
    ).toBeVisible();

    expect(screen.getByRole('link', { name: 'Download vendor list (CSV)' })).toHaveAttribute(
      'href',
      '/api/connected-apps/vendors.csv',
    );
  });

  it('approves an app after asking, with a note, and shows the new list', async () => {
    const approved: ConnectedAppsResponse = {
      ...LIST,
      apps: [
        {
          ...CRM,
          approved: {
            by: 'alice.morgan@brightwave.example',
            at: '2026-11-25T09:00:00.000Z',
            note: 'Sales',
          },
        },
        SCHEDULER,
      ],
    };
    const api = fakeApi({
      'GET /connected-apps': reply(LIST),
      'POST /connected-apps/approve': reply(approved),
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Approve Acme CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Acme CRM?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() =>
      expect(rowOf('Acme CRM')).toHaveTextContent(
        'Approved by alice.morgan@brightwave.example on Nov 25, 2026',
      ),
    );
    expect(api.callsTo('POST /connected-apps/approve').map((c) => c.body)).toEqual([
      { suite: 'google', clientId: CRM.clientId, note: 'Sales' },
    ]);
  });

  it('says why a suite’s apps are unknown, and when no app has access', async () => {
    fakeApi({
      'GET /connected-apps': reply({
        suites: [
          { suite: 'google', state: 'read', reason: null, readAt: '2026-11-24T08:00:00.000Z' },
          {
            suite: 'microsoft',
            state: 'unknown',
            reason: 'Reconnect Microsoft 365 to allow reading apps.',
            readAt: '2026-11-24T08:00:00.000Z',
          },
        ],
        apps: [],
      } satisfies ConnectedAppsResponse),
    });
    show();
    expect(await screen.findByText('No outside app has access to company data.')).toBeVisible();
    expect(screen.getByText('Reconnect Microsoft 365 to allow reading apps.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /vendor list/ })).not.toBeInTheDocument();
  });

  it('shows the loading state, then what went wrong with a retry', async () => {
    fakeApi({ 'GET /connected-apps': reply({ error: 'Something broke' }, 500) });
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the apps with access...');
    expect(
      await screen.findByText('Could not load the apps with access', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
