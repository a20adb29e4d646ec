import type { PartnerClientSummary, PartnerOverviewResponse } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { ACME, BRIGHTWAVE, links, NORTHWIND, partnerAdmin } from '../../test/partner-links';
import { renderWithApp } from '../../test/render';
import PartnerConsolePage from './PartnerConsolePage';

const aSummary = (over: Partial<PartnerClientSummary>): PartnerClientSummary => ({
  linkId: ACME,
  domain: 'acme.example',
  role: 'admin',
  score: 88,
  grade: 'B',
  trend: null,
  members: 8,
  openCritical: 0,
  integrationsNeedingAttention: [],
  devices: 0,
  devicesNotReporting: 0,
  ...over,
});

/** Three clients: brightwave needs attention, northwind (read-only) scores lowest, acme is fine. */
const overview: PartnerOverviewResponse = {
  clients: [
    aSummary({
      linkId: BRIGHTWAVE,
      domain: 'brightwave.example',
      score: 72,
      grade: 'C',
      trend: 5,
      members: 12,
      openCritical: 3,
      integrationsNeedingAttention: [{ name: 'Google Workspace', problem: 'The token expired' }],
      devices: 10,
      devicesNotReporting: 2,
    }),
    aSummary({
      linkId: NORTHWIND,
      domain: 'northwind.example',
      role: 'viewer',
      score: 45,
      grade: 'E',
      trend: -3,
      members: 5,
      devices: 4,
    }),
    aSummary({}),
  ],
  gaps: [
    {
      catalogueId: 'mfa',
      title: 'Turn on two-step verification',
      risk: 'Critical',
      people: 37,
      clients: 6,
    },
    { catalogueId: 'backup', title: 'Back up company files', risk: 'High', people: 1, clients: 1 },
  ],
  computedAt: new Date().toISOString(),
};

const show = (answer = overview) => {
  const api = fakeApi({
    'GET /auth/user-data': reply(partnerAdmin),
    'GET /partner/clients': reply({ links }),
    'GET /partner/overview': reply(answer),
  });
  return { ...renderWithApp(<PartnerConsolePage />, { path: '/partner' }), api };
};

const table = () => screen.getByRole('table', { name: 'Your clients' });
const rowOf = (domain: string) =>
  within(table()).getByRole('row', { name: new RegExp(domain.replaceAll('.', '\\.')) });
/** The clients' domains in the order the table lists them. */
const listed = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the Partner console’s roll-up', () => {
  it('lists each client’s figures, by name, with the biggest gaps above', async () => {
    show();
    await screen.findByRole('table', { name: 'Your clients' });
    expect(listed()).toEqual(['acme.example', 'brightwave.example', 'northwind.example']);

    const brightwave = rowOf('brightwave.example');
    expect(brightwave).toHaveTextContent('Administrator');
    expect(brightwave).toHaveTextContent('72grade C');
    expect(brightwave).toHaveTextContent('↑ +5 in 30 days');
    expect(brightwave).toHaveTextContent('Google Workspace: The token expired');
    expect(brightwave).toHaveTextContent('2 of 10');
    const cells = within(brightwave).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('12');
    expect(cells[4]).toHaveTextContent('3');
    expect(
      within(brightwave).getByRole('button', { name: 'Open brightwave.example' }),
    ).toBeVisible();

    const northwind = rowOf('northwind.example');
    expect(northwind).toHaveTextContent('Read-only');
    expect(northwind).toHaveTextContent('−3 in 30 days');
    expect(northwind).toHaveTextContent('0 of 4');
    expect(within(northwind).getAllByRole('cell')[5]).toHaveTextContent('None');

    const acme = rowOf('acme.example');
    expect(acme).toHaveTextContent('no trend yet');
    expect(acme).toHaveTextContent('No devices');

    const gaps = screen.getByRole('region', { name: 'Biggest gaps across your clients' });
    expect(gaps).toHaveTextContent(
      'Turn on two-step verification: open for 37 people in 6 clients',
    );
    expect(gaps).toHaveTextContent('Back up company files: open for 1 person in 1 client');

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('href', '/api/partner/overview.csv');
    expect(csv).toHaveAttribute('download');
    expect(screen.getByText(/^3 clients, figures worked out/)).toBeVisible();
  });

  it('sorts by score, open critical tasks, devices not reporting and attention', async () => {
    const { user } = show();
    await screen.findByRole('table', { name: 'Your clients' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });

    await user.selectOptions(sort, 'Score, lowest first');
    expect(listed()).toEqual(['northwind.example', 'brightwave.example', 'acme.example']);
    await user.selectOptions(sort, 'Open critical tasks, most first');
    expect(listed()).toEqual(['brightwave.example', 'acme.example', 'northwind.example']);
    await user.selectOptions(sort, 'Devices not reporting, most first');
    expect(listed()).toEqual(['brightwave.example', 'acme.example', 'northwind.example']);
    await user.selectOptions(sort, 'Needing attention first');
    expect(listed()).toEqual(['brightwave.example', 'acme.example', 'northwind.example']);
    await user.selectOptions(sort, 'Name');
    expect(listed()).toEqual(['acme.example', 'brightwave.example', 'northwind.example']);
  });

  it('filters by domain and by needing attention, and says when nothing matches', async () => {
    const { user } = show();
    await screen.findByRole('table', { name: 'Your clients' });
    const search = screen.getByRole('searchbox', { name: 'Search by domain' });

    await user.type(search, 'NORTH');
    expect(listed()).toEqual(['northwind.example']);
    expect(screen.getByText(/^Showing 1 of 3 clients/)).toBeVisible();

    await user.clear(search);
    await user.click(screen.getByRole('switch', { name: 'Only clients needing attention' }));
    expect(listed()).toEqual(['brightwave.example']);

    await user.type(search, 'acme');
    expect(screen.queryByRole('table', { name: 'Your clients' })).toBeNull();
    expect(screen.getByText(/^No client matches\./)).toBeVisible();
  });

  it('leaves out the gaps when there are none', async () => {
    show({ ...overview, gaps: [] });
    await screen.findByRole('table', { name: 'Your clients' });
    expect(screen.queryByRole('region', { name: 'Biggest gaps across your clients' })).toBeNull();
  });

  it('says so when the figures cannot be loaded', async () => {
    fakeApi({
      'GET /auth/user-data': reply(partnerAdmin),
      'GET /partner/clients': reply({ links }),
      'GET /partner/overview': reply({ error: 'Something broke' }, 500),
    });
    renderWithApp(<PartnerConsolePage />, { path: '/partner' });
    expect(await screen.findByText('Loading your clients’ figures...')).toBeVisible();
    expect(
      await screen.findByText('Could not load your clients’ figures', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
