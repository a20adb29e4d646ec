import type { AppConfig, UserData } from '@castellan/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { anAdmin, aUser } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { UserMenu } from './UserMenu';

const CONFIG: AppConfig = {
  productDomain: 'castellan.example',
  supportEmail: 'help@castellan.example',
  testLogin: false,
  posthog: null,
  sentryDsn: null,
};

/** Opens the avatar menu and reads its entries. */
async function entriesFor(user: UserData) {
  fakeApi({ 'GET /app-config': reply(CONFIG) });
  const { user: person } = renderWithApp(<UserMenu user={user} />, { path: '/dashboard' });
  const initials = `${user.firstName[0]}${user.lastName[0]}`;
  await person.click(
    screen.getByRole('button', { name: `${initials}, account menu for ${user.email}` }),
  );
  await screen.findByRole('menu');
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('avatar menu', () => {
  it('offers a member only Logout', async () => {
    expect(await entriesFor(aUser())).toEqual(['Logout']);
  });

  it('offers an administrator Restart Tour and Logout', async () => {
    expect(await entriesFor(anAdmin())).toEqual(['Restart Tour', 'Logout']);
  });

  it("offers Delete Organization only on the product's own domain", async () => {
    const own = anAdmin({ companyDomain: 'demo.castellan.example' });
    expect(await entriesFor(own)).toEqual(['Restart Tour', 'Delete Organization', 'Logout']);
  });

  it('opens with whose menu it is, name and e-mail, as a heading that is not an item', async () => {
    const alice = anAdmin();
    expect(await entriesFor(alice)).toEqual(['Restart Tour', 'Logout']);
    const menu = screen.getByRole('menu');
    const heading = menu.querySelector('[data-account-heading]');
    expect(heading).toHaveTextContent(`Alice Morgan${alice.email}`);
    expect(heading?.closest('[role="menuitem"]')).toBeNull();
    expect(heading?.compareDocumentPosition(screen.getAllByRole('menuitem')[0] as Node)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
