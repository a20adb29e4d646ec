import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { Hint } from './Hint';

describe('a hint', () => {
  it('shows on hover and on focus, describes its child, and Escape hides it', async () => {
    const { user } = renderWithApp(
      <Hint label="30 Nov 2026, 12:00">
        <button type="button">2 h ago</button>
      </Hint>,
    );
    const child = screen.getByRole('button', { name: '2 h ago' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(child);
    expect(screen.getByRole('tooltip')).toHaveTextContent('30 Nov 2026, 12:00');
    await user.unhover(child);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    const tip = screen.getByRole('tooltip');
    expect(child).toHaveAttribute('aria-describedby', tip.id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a description the child names itself, and shows nothing while disabled', async () => {
    const { user, rerender } = renderWithApp(
      <Hint label="Last signed in yesterday">
        <button type="button" aria-describedby="own">
          Active
        </button>
      </Hint>,
    );
    const child = screen.getByRole('button', { name: 'Active' });
    await user.hover(child);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    expect(child).toHaveAttribute('aria-describedby', 'own');
    rerender(
      <Hint label="Last signed in yesterday" disabled>
        <button type="button" aria-describedby="own">
          Active
        </button>
      </Hint>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
