import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ConfirmHost } from './ConfirmHost';
import { openConfirmModal } from './confirm';

const ask = (onConfirm: () => void, title = 'Remove the laptop?') =>
  openConfirmModal({ title, labels: { confirm: 'Remove', cancel: 'Cancel' }, onConfirm });

describe('confirmations', () => {
  it('loads the dialog with the first one asked for, and runs the choice', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithApp(
      <>
        <Button onClick={() => ask(onConfirm)}>Remove</Button>
        <ConfirmHost />
      </>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the laptop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The second one, with the code already there, opens as well.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const again = await screen.findByRole('dialog', { name: 'Remove the laptop?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('shows one asked for before the layout was there once it is', async () => {
    ask(() => {}, 'End the session?');
    renderWithApp(<ConfirmHost />);
    expect(await screen.findByRole('dialog', { name: 'End the session?' })).toBeVisible();
  });
});
