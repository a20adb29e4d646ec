import type { PartnerLink, UserData } from '@castellan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../lib/ConfirmHost';
import { fakeApi, noContent, reply } from '../../test/fake-api';
import { anAdmin } from '../../test/fixtures';
import { renderRoute, renderWithApp } from '../../test/render';
import { findToast } from '../../test/toasts';
import PartnerConsolePage from './PartnerConsolePage';
import { PartnersSection } from './PartnersSection';

const INVITED = '11111111-1111-4111-8111-111111111111';
const ACTIVE = '22222222-2222-4222-8222-222222222222';
const ENDED = '33333333-3333-4333-8333-333333333333';

/** A link between brightwave.example (the client) and itcare.example; pass what differs. */
const aLink = (over: Partial<PartnerLink> = {}): PartnerLink => ({
  id: ACTIVE,
  clientDomain: 'brightwave.example',
  partnerDomain: 'itcare.example',
  role: 'admin',
  state: 'active',
  invitedAt: '2026-03-01T10:00:00.000Z',
  invitedBy: 'alice.morgan@brightwave.example',
  acceptedAt: '2026-03-03T09:00:00.000Z',
  endedAt: null,
  ...over,
});

/** The console's roll-up of the active links among `links`, with plain figures. */
const overviewOf = (links: PartnerLink[]) => ({
  clients: links
    .filter((link) => link.state === 'active')
    .map((link) => ({
      linkId: link.id,
      domain: link.clientDomain,
      role: link.role,
      score: 72,
      grade: 'C',
      trend: null,
      members: 3,
      openCritical: 0,
      integrationsNeedingAttention: [],
      devices: 0,
      devicesNotReporting: 0,
    })),
  gaps: [],
  computedAt: '2026-03-05T10:00:00.000Z',
});

const invited = aLink({
  id: INVITED,
  partnerDomain: 'fixit.example',
  state: 'invited',
  acceptedAt: null,
});
const active = aLink({ role: 'viewer' });
const ended = aLink({
  id: ENDED,
  partnerDomain: 'oldhelp.example',
  invitedBy: null,
  endedAt: '2026-02-10T12:00:00.000Z',
  state: 'ended',
});

const itemOf = (domain: string) =>
  within(screen.getByRole('list', { name: 'IT partners' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(domain)) as HTMLElement;

describe('Settings → IT partners', () => {
  const show = () =>
    renderWithApp(
      <>
        <PartnersSection />
        <ConfirmHost />
      </>,
      { path: '/settings#partners' },
    );

  it('lists each partner with its role, where the link stands and who invited it', async () => {
    fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /partners': reply({ links: [ended, active, invited] }),
    });
    show();
    const section = screen.getByRole('region', { name: 'IT partners' });
    expect(section).toHaveTextContent('Every change they make is in your audit log');
    await screen.findByRole('list', { name: 'IT partners' });

    const waiting = itemOf('fixit.example');
    expect(waiting).toHaveTextContent('Invited Mar 1, 2026, waiting for them to accept');
    expect(waiting).toHaveTextContent('Invited by alice.morgan@brightwave.example');
    expect(within(waiting).getByRole('combobox', { name: 'Role of fixit.example' })).toHaveValue(
      'admin',
    );
    expect(
      within(waiting).getByRole('button', { name: 'Withdraw invitation to fixit.example' }),
    ).toBeVisible();

    const working = itemOf('itcare.example');
    expect(working).toHaveTextContent('Active since Mar 3, 2026');
    expect(within(working).getByRole('combobox', { name: 'Role of itcare.example' })).toHaveValue(
      'viewer',
    );
    expect(
      within(working).getByRole('button', { name: 'End access for itcare.example' }),
    ).toBeVisible();

    // Ended links come last, with nothing left to change.
    const gone = itemOf('oldhelp.example');
    expect(screen.getAllByRole('listitem').at(-1)).toBe(gone);
    expect(gone).toHaveTextContent('Administrator');
    expect(gone).toHaveTextContent('Ended Feb 10, 2026');
    expect(gone).toHaveTextContent('Invited by a former administrator');
    expect(within(gone).queryByRole('button')).toBeNull();
    expect(within(gone).queryByRole('combobox')).toBeNull();

    expect(screen.getByRole('link', { name: 'Partner console' })).toHaveAttribute(
      'href',
      '/partner',
    );
  });

  it('says when no partner looks after the organisation, and shows loading first', async () => {
    fakeApi({ 'GET /auth/user-data': reply(anAdmin()), 'GET /partners': reply({ links: [] }) });
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the IT partners...');
    expect(
      await screen.findByText('No IT partner looks after your organisation yet.'),
    ).toBeVisible();
  });

  it('shows the server’s refusal under the domain typed, and keeps the domain', async () => {
    const refusal = 'No organisation on Castellan uses nowhere.example.';
    const api = fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /partners': reply({ links: [] }),
      'POST /partners': reply({ error: refusal }, 404),
    });
    const { user } = show();
    const input = screen.getByRole('textbox', { name: "Partner's domain" });
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('admin');
    await user.type(input, 'nowhere.example');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(input).toHaveValue('nowhere.example');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /partners').map((c) => c.body)).toEqual([
      { domain: 'nowhere.example', role: 'admin' },
    ]);

    await user.type(input, 'x');
    expect(screen.queryByText(refusal)).toBeNull();
  });

  it('invites with the role chosen, empties the field and lists the invitation', async () => {
    let links: PartnerLink[] = [];
    const api = fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /partners': () => reply({ links }),
      'POST /partners': () => {
        links = [invited];
        return reply({ link: invited }, 201);
      },
    });
    const { user } = show();
    await screen.findByText('No IT partner looks after your organisation yet.');
    const input = screen.getByRole('textbox', { name: "Partner's domain" });
    await user.type(input, ' fixit.example ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Read-only');
    await user.click(screen.getByRole('button', { name: 'Invite' }));

    expect(await screen.findByRole('list', { name: 'IT partners' })).toHaveTextContent(
      'fixit.example',
    );
    expect(input).toHaveValue('');
    expect(api.callsTo('POST /partners')[0]?.body).toEqual({
      domain: 'fixit.example',
      role: 'viewer',
    });
    await findToast('status', 'fixit.example is invited');
  });

  it('changes a partner’s role', async () => {
    let link = active;
    const api = fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /partners': () => reply({ links: [link] }),
      'PUT /partners/22222222-2222-4222-8222-222222222222': () => {
        link = { ...active, role: 'admin' };
        return reply({ link });
      },
    });
    const { user } = show();
    const role = await screen.findByRole('combobox', { name: 'Role of itcare.example' });
    await user.selectOptions(role, 'Administrator');
    await waitFor(() => expect(role).toBeEnabled());
    expect(role).toHaveValue('admin');
    expect(api.callsTo(`PUT /partners/${ACTIVE}`).map((c) => c.body)).toEqual([{ role: 'admin' }]);
    await findToast('status', 'itcare.example is now Administrator');
  });

  it('ends a partner’s access once the administrator confirms', async () => {
    let link = active;
    const api = fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /partners': () => reply({ links: [link] }),
      'DELETE /partners/22222222-2222-4222-8222-222222222222': () => {
        link = { ...active, state: 'ended', endedAt: '2026-04-01T08:00:00.000Z' };
        return reply({ link });
      },
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'End access for itcare.example' }));
    const dialog = await screen.findByRole('dialog', { name: "End itcare.example's access?" });
    expect(api.callsTo(`DELETE /partners/${ACTIVE}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End access' }));

    await waitFor(() => expect(itemOf('itcare.example')).toHaveTextContent('Ended Apr 1, 2026'));
    expect(api.callsTo(`DELETE /partners/${ACTIVE}`)).toHaveLength(1);
  });
});

describe('the Partner console', () => {
  /** itcare.example's administrator, who looks after brightwave.example. */
  const partnerAdmin = anAdmin({
    email: 'pat.lee@itcare.example',
    firstName: 'Pat',
    lastName: 'Lee',
    companyDomain: 'itcare.example',
  });
  const invitation = aLink({
    id: INVITED,
    clientDomain: 'northwind.example',
    state: 'invited',
    acceptedAt: null,
  });

  const show = () =>
    renderWithApp(
      <>
        <Routes>
          <Route path="/partner" element={<PartnerConsolePage />} />
          <Route path="/dashboard" element={<h1>Overview</h1>} />
        </Routes>
        <ConfirmHost />
      </>,
      { path: '/partner' },
    );

  it('accepts a client’s invitation, which then lists the client', async () => {
    let links = [invitation, aLink()];
    const api = fakeApi({
      'GET /auth/user-data': reply(partnerAdmin),
      'GET /partner/clients': () => reply({ links }),
      'GET /partner/overview': () => reply(overviewOf(links)),
      'POST /partner/clients/11111111-1111-4111-8111-111111111111/accept': () => {
        const accepted = {
          ...invitation,
          state: 'active' as const,
          acceptedAt: invitation.invitedAt,
        };
        links = [accepted, aLink()];
        return reply({ link: accepted });
      },
    });
    const { user } = show();
    expect(screen.getByRole('heading', { name: 'Partner console', level: 1 })).toBeVisible();
    const invitations = await screen.findByRole('list', { name: 'Invitations' });
    expect(invitations).toHaveTextContent(
      'northwind.example invites you to look after it as Administrator',
    );
    const table = await screen.findByRole('table', { name: 'Your clients' });
    expect(within(table).getByRole('row', { name: /brightwave\.example/ })).toHaveTextContent(
      'brightwave.exampleAdministrator72grade Cno trend yet3',
    );

    await user.click(
      within(invitations).getByRole('button', {
        name: 'Accept the invitation from northwind.example',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /northwind\.example/ })).toBeVisible(),
    );
    expect(screen.queryByRole('list', { name: 'Invitations' })).toBeNull();
    expect(api.callsTo(`POST /partner/clients/${INVITED}/accept`)).toHaveLength(1);
  });

  it('opens a client: the session moves into it and the overview shows', async () => {
    let user: UserData = partnerAdmin;
    const api = fakeApi({
      'GET /auth/user-data': () => reply(user),
      'GET /partner/clients': reply({ links: [aLink()] }),
      'GET /partner/overview': reply(overviewOf([aLink()])),
      'POST /partner/clients/22222222-2222-4222-8222-222222222222/open': () => {
        user = anAdmin({
          email: 'pat.lee@itcare.example',
          firstName: 'Pat',
          lastName: 'Lee',
          partner: { linkId: ACTIVE, partnerDomain: 'itcare.example', role: 'admin' },
        });
        return reply({ link: aLink() });
      },
    });
    const { user: person, client } = show();
    await person.click(await screen.findByRole('button', { name: 'Open brightwave.example' }));

    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    expect(api.callsTo(`POST /partner/clients/${ACTIVE}/open`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET /auth/user-data')).toHaveLength(2));
    // Nothing of the partner's own organisation stays in the cache.
    expect(client.getQueryData(['partners', 'clients'])).toBeUndefined();
    await waitFor(() =>
      expect(client.getQueryData<UserData>(['auth', 'user-data'])?.companyDomain).toBe(
        'brightwave.example',
      ),
    );
  });

  it('stops looking after a client once the administrator confirms', async () => {
    let links = [aLink()];
    const api = fakeApi({
      'GET /auth/user-data': reply(partnerAdmin),
      'GET /partner/clients': () => reply({ links }),
      'GET /partner/overview': () => reply(overviewOf(links)),
      'DELETE /partner/clients/22222222-2222-4222-8222-222222222222': () => {
        links = [];
        return reply({ link: aLink({ state: 'ended', endedAt: '2026-04-01T08:00:00.000Z' }) });
      },
    });
    const { user } = show();
    await user.click(
      await screen.findByRole('button', { name: 'Stop looking after brightwave.example' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop looking after brightwave.example?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Stop looking after' }));
    expect(await screen.findByText(/^No organisation has invited you yet\./)).toBeVisible();
    expect(api.callsTo(`DELETE /partner/clients/${ACTIVE}`)).toHaveLength(1);
  });

  it('tells a partner with no clients how a client invites them, by their domain', async () => {
    fakeApi({
      'GET /auth/user-data': reply(partnerAdmin),
      'GET /partner/clients': reply({ links: [] }),
    });
    show();
    expect(
      await screen.findByText(
        "No organisation has invited you yet. A client's administrator invites you from their Settings → IT partners, by your domain (itcare.example).",
      ),
    ).toBeVisible();
  });

  it('says so when the clients cannot be loaded', async () => {
    fakeApi({
      'GET /auth/user-data': reply(partnerAdmin),
      'GET /partner/clients': reply({ error: 'Something broke' }, 500),
    });
    show();
    expect(
      await screen.findByText('Could not load your clients', {}, { timeout: 15_000 }),
    ).toBeVisible();
  });
});

describe('the banner inside a client', () => {
  const insideClient = (role: 'admin' | 'viewer') =>
    anAdmin({
      email: 'pat.lee@itcare.example',
      firstName: 'Pat',
      lastName: 'Lee',
      partner: { linkId: ACTIVE, partnerDomain: 'itcare.example', role },
    });
  const backHome = anAdmin({
    email: 'pat.lee@itcare.example',
    firstName: 'Pat',
    lastName: 'Lee',
    companyDomain: 'itcare.example',
  });

  it('says whose organisation this is, for whom, and leads back to the Partner console', async () => {
    let user: UserData = insideClient('viewer');
    const api = fakeApi({
      'GET /auth/user-data': () => reply(user),
      'GET /tours': reply([{ tourType: 'main', status: 'dismissed', currentStepId: null }]),
      'GET /partner/clients': reply({ links: [aLink()] }),
      'GET /partner/overview': reply(overviewOf([aLink()])),
      'POST /partner/close': () => {
        user = backHome;
        return noContent();
      },
    });
    const { user: person, address } = renderRoute('/settings');
    const banner = await screen.findByRole('region', { name: 'Partner access' });
    expect(banner).toHaveTextContent(
      'You are working in brightwave.example for itcare.example (read-only)',
    );
    const back = within(banner).getByRole('button', { name: 'Back to itcare.example' });
    back.focus();
    expect(back).toHaveFocus();

    await person.click(back);
    expect(await screen.findByRole('heading', { name: 'Partner console', level: 1 })).toBeVisible();
    expect(address()).toBe('/partner');
    expect(api.callsTo('POST /partner/close')).toHaveLength(1);
    expect(await screen.findByRole('table', { name: 'Your clients' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Partner access' })).toBeNull();
  });

  it('leaves out "read-only" for an administrator, and stays when the server is busy', async () => {
    const api = fakeApi({
      'GET /auth/user-data': reply(insideClient('admin')),
      'GET /tours': reply([{ tourType: 'main', status: 'dismissed', currentStepId: null }]),
      'POST /partner/close': noContent(429),
    });
    const { user: person, address } = renderRoute('/settings');
    const banner = await screen.findByRole('region', { name: 'Partner access' });
    expect(banner).toHaveTextContent('You are working in brightwave.example for itcare.example');
    expect(banner).not.toHaveTextContent('read-only');

    await person.click(within(banner).getByRole('button', { name: 'Back to itcare.example' }));
    await findToast('status', 'The server is busy');
    expect(api.callsTo('POST /partner/close')).toHaveLength(1);
    expect(address()).toBe('/settings');
  });
});
