import type { Member } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { MembersTable } from './MembersTable';

const HOUR = 60 * 60_000;
const member = (over: Partial<Member>): Member => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'alice.morgan@brightwave.example',
  firstName: 'Alice',
  lastName: 'Morgan',
  role: 'admin',
  status: 'active',
  lastSignInAt: '2025-03-04T12:00:00.000Z',
  invitedAt: null,
  ...over,
});

const ALICE = member({});
/** Invited two hours ago: may be sent again. */
const KIM = member({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'kim.lee@brightwave.example',
  firstName: '',
  lastName: '',
  role: 'user',
  status: 'invited',
  lastSignInAt: null,
  invitedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
});
/** Added while invitations were off: no e-mail yet. */
const LEE = member({
  id: '00000000-0000-4000-8000-000000000003',
  email: 'lee.park@brightwave.example',
  firstName: '',
  lastName: '',
  role: 'user',
  status: 'invited',
  lastSignInAt: null,
  invitedAt: null,
});

function renderTable(members: Member[]) {
  return renderWithApp(
    <MembersTable members={members} currentEmail={ALICE.email} onSteppedDown={() => {}} />,
    { path: '/users' },
  );
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('members table', () => {
  it('says each member’s state in a word, with the details as its description', () => {
    renderTable([ALICE, KIM, LEE]);
    const alice = within(rowOf('Alice Morgan')).getByRole('button', { name: 'Active' });
    expect(alice).toHaveAccessibleDescription(/^Last sign-in Mar 4, 2025$/);
    const kim = within(rowOf(KIM.email)).getByRole('button', { name: 'Invited' });
    expect(kim).toHaveAccessibleDescription(/^Invitation sent .+\. Not signed in yet\.$/);
    const lee = within(rowOf(LEE.email)).getByRole('button', { name: 'Not invited' });
    expect(lee).toHaveAccessibleDescription('No invitation e-mail sent. Not signed in yet.');
  });

  it('shows the details in a tooltip when the state gets the keyboard focus', async () => {
    const { user } = renderTable([ALICE]);
    // Past the role select to the state.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Active' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Last sign-in Mar 4, 2025');
  });

  it('offers Send invitation before any was sent, Resend invitation after, none once signed in', () => {
    renderTable([ALICE, KIM, LEE]);
    expect(
      within(rowOf(LEE.email)).getByRole('button', { name: `Send invitation to ${LEE.email}` }),
    ).toHaveTextContent('Send invitation');
    expect(
      within(rowOf(KIM.email)).getByRole('button', { name: `Resend invitation to ${KIM.email}` }),
    ).toBeEnabled();
    expect(within(rowOf('Alice Morgan')).queryByRole('button', { name: /invitation/ })).toBeNull();
    expect(screen.queryByRole('button', { name: `Resend invitation to ${LEE.email}` })).toBeNull();
  });

  it('sends the first invitation and says so', async () => {
    const api = fakeApi({
      [`POST /users/${LEE.id}/invitation`]: reply({ invitedAt: new Date().toISOString() }),
      'GET /users': reply({ members: [ALICE, LEE] }),
    });
    const { user } = renderTable([ALICE, LEE]);
    await user.click(screen.getByRole('button', { name: `Send invitation to ${LEE.email}` }));
    expect(await screen.findByText(`The invitation was sent to ${LEE.email}`)).toBeInTheDocument();
    expect(api.callsTo(`POST /users/${LEE.id}/invitation`)).toHaveLength(1);
  });

  it('keeps addresses on one line and the role select wide enough for Administrator', () => {
    renderTable([ALICE, KIM]);
    for (const cell of document.querySelectorAll<HTMLElement>('[data-member-email]')) {
      expect(cell.style.whiteSpace).toBe('nowrap');
    }
    const select = screen.getByRole('combobox', { name: 'Role of Alice Morgan' });
    expect(select.closest<HTMLElement>('.mantine-NativeSelect-root')?.style.width).toBe('9.5rem');
  });
});
