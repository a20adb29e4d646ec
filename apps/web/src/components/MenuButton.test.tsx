import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { MenuButton } from './MenuButton';

function renderMenu() {
  const chosen = vi.fn();
  const view = renderWithApp(
    <>
      <MenuButton
        label="Account"
        heading={<span>Alice Morgan</span>}
        items={['Restart Tour', 'Delete Organization', 'Logout'].map((label) => ({
          label,
          onSelect: () => chosen(label),
        }))}
        trigger={(props) => (
          <button type="button" {...props}>
            AM
          </button>
        )}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { ...view, chosen, button: screen.getByRole('button', { name: 'AM' }) };
}

describe('a menu button', () => {
  it('opens on a click with the first item focused and the heading not an item', async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(menu).toHaveTextContent(/^Alice Morgan/);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Restart Tour',
      'Delete Organization',
      'Logout',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'Restart Tour' })).toHaveFocus(),
    );
  });

  it('moves with the arrow keys, Home and End, chooses with Enter and gives the focus back', async () => {
    const { user, button, chosen } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Restart Tour' })).toHaveFocus();
    await user.keyboard('{End}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete Organization' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Restart Tour' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen).toHaveBeenCalledWith('Delete Organization');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Escape with the focus back on the button, and on a click elsewhere', async () => {
    const { user, button, chosen } = renderMenu();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chosen).not.toHaveBeenCalled();
  });
});
