import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { findToast } from '../test/toasts';
import { showToast, TOAST_LEAVE_DELAY_MS } from './toast';

const show = (message: Parameters<typeof showToast>[0]) => act(() => void showToast(message));

describe('toasts', () => {
  // First in the file: the toasts' view is not loaded yet, as at the app's start.
  it('shows a toast raised before the toasts were ever shown', async () => {
    await show({ severity: 'info', summary: 'Welcome back' });
    renderWithApp(<main />);
    expect(await findToast('status', 'Welcome back')).toBeVisible();
  });

  it('shows the summary and the detail; errors and warnings as alerts, the rest as statuses', async () => {
    renderWithApp(<main />);
    await show({ severity: 'error', summary: 'Could not save', detail: 'The name is too long.' });
    await show({ severity: 'success', summary: 'Saved' });
    expect(await findToast('alert', 'Could not save')).toHaveTextContent('The name is too long.');
    expect(await findToast('status', 'Saved')).toBeVisible();
  });

  it('closes with its close button, after the leave delay', async () => {
    const { user } = renderWithApp(<main />);
    await show({ severity: 'info', summary: 'Scan started' });
    const toast = await findToast('status', 'Scan started');
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    // Closed toasts wait in place before they leave (spec §9).
    expect(toast).toBeInTheDocument();
    await waitFor(() => expect(toast).not.toBeInTheDocument(), {
      timeout: TOAST_LEAVE_DELAY_MS + 1000,
    });
  });

  it('closes by itself after its life, and has no close button when not closable', async () => {
    renderWithApp(<main />);
    await show({ severity: 'warn', summary: 'Session expired', life: 100, closable: false });
    const toast = await findToast('alert', 'Session expired');
    expect(within(toast).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await waitFor(() => expect(toast).not.toBeInTheDocument(), { timeout: 2000 });
  });
});
